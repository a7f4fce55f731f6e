// SOAP answers as the org sends them, for the Metadata API and the partner API's login: one envelope
// in the API's namespace, text escaped, faults with `sf:` codes and "CODE: message" fault strings.
import type { Context } from 'koa';

export const escapeXml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A SOAP envelope around `body`, whose elements are in namespace `ns`. */
export function soapEnvelope(ns: string, body: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" ' +
    `xmlns="${ns}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
    `<soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`
  );
}

export interface SoapFaultOptions {
  status?: number;
  /** Declares the `sf:` prefix on the fault (the partner API does). */
  faultNs?: string;
  /** Extra XML after the fault string (the partner API's `<detail>`). */
  detail?: string;
}

export function writeSoapFault(
  ctx: Context,
  ns: string,
  code: string,
  message: string,
  { status = 500, faultNs, detail = '' }: SoapFaultOptions = {},
): void {
  ctx.status = status;
  ctx.type = 'text/xml; charset=utf-8';
  ctx.body = soapEnvelope(
    ns,
    `<soapenv:Fault${faultNs ? ` xmlns:sf="${faultNs}"` : ''}><faultcode>sf:${code}</faultcode>` +
      `<faultstring>${escapeXml(`${code}: ${message}`)}</faultstring>${detail}</soapenv:Fault>`,
  );
}
