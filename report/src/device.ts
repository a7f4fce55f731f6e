/**
 * The report in the inspector's hand (issue 42): the org's copy when the device is online and the
 * org has it, else the device's own, rendered at once from its local record (definition, answers and
 * photos kept on the device) by the same model and renderer as the org's. Loaded only on demand:
 * `actions.tsx` imports it when a button is pressed, so pdfmake never enters a first load.
 */
import {
  localeFromSalesforce,
  type FileMeta,
  type HostServices,
  type LocalSubmission,
} from 'shared-contracts';
import { reportModel, photoRefs } from './model';
import { renderReportPdf } from './pdf-browser';

type Rec = Record<string, unknown>;

/** A photo's bytes as a data URL (pdfmake's image input), straight from the bytes: no Blob of them. */
export function dataUrl(bytes: ArrayBuffer, type: string): string {
  const all = new Uint8Array(bytes);
  let binary = '';
  for (let i = 0; i < all.length; i += 0x8000) binary += String.fromCharCode(...all.subarray(i, i + 0x8000));
  return `data:${type};base64,${btoa(binary)}`;
}

/** The files the device keeps for a submission, once (the live query's current value; no bytes). */
function filesNow(host: HostServices, submissionId: string): Promise<FileMeta[]> {
  return new Promise((resolve) => {
    const obs = host.offline.fileList(submissionId);
    let done = false;
    const stops: Array<() => void> = [];
    const finish = (v: FileMeta[]): void => {
      if (done) return;
      done = true;
      for (const s of stops) s();
      resolve(v);
    };
    const stop = obs.subscribe((v) => finish(v));
    if (done) stop();
    else stops.push(stop);
    // a live query answers asynchronously; an empty store answers with []
    setTimeout(() => finish(obs.get() ?? []), 1500);
  });
}

/** The device's own report of a local submission. */
export async function localReport(host: HostServices, sub: LocalSubmission): Promise<Blob> {
  const session = host.session.state.get();
  const user = session.status === 'signedIn' ? session.userDetails : undefined;
  const locale = localeFromSalesforce(user?.LocaleSidKey);
  const model = reportModel({
    submission: sub,
    formDef: sub.formDef,
    record:
      typeof (sub as unknown as Rec).mainRecordId === 'string'
        ? String((sub as unknown as Rec).mainRecordId)
        : '',
    inspector: user?.Name ?? '',
    identifier: sub.id,
    // as the org's copy (bff/src/report/submit-reads.ts inspectorDisplay): time zone and locale
    display: {
      ...(user?.TimeZoneSidKey ? { timeZone: user.TimeZoneSidKey } : {}),
      ...(locale ? { locale } : {}),
    },
  });
  const wanted = new Set(photoRefs(model).flatMap((p) => [p.ref, p.localId ?? '']));
  const images = new Map<string, string>();
  if (wanted.size) {
    for (const f of await filesNow(host, sub.id)) {
      if (!wanted.has(f.LocalId) && !wanted.has(f.ContentDocumentId)) continue;
      if (!/^image\/(jpeg|png)$/.test(f.type)) continue;
      // each wanted photo's bytes opened in turn, only these
      const opened = await host.offline.fileBytes(f.LocalId);
      if (!opened) continue;
      const url = dataUrl(opened.bytes, opened.type);
      images.set(f.LocalId, url);
      if (f.ContentDocumentId) images.set(f.ContentDocumentId, url);
    }
  }
  const pdf = await renderReportPdf(model, images);
  return new Blob([pdf as BlobPart], { type: 'application/pdf' });
}

/** The org's copy when online and made; the device's own otherwise. */
export async function reportBlob(host: HostServices, sub: LocalSubmission): Promise<Blob> {
  const recordId = sub.formSubmissionId;
  if (recordId && host.online.get()) {
    try {
      const state = await host.api.get<{ status: string }>(`/api/report/${recordId}`);
      if (state.status === 'ready') {
        const res = await fetch(`/api/report/${recordId}/pdf`, { credentials: 'same-origin' });
        if (res.ok) return await res.blob();
      }
    } catch {
      // the device's own copy below
    }
  }
  return localReport(host, sub);
}

export const reportFileName = (sub: LocalSubmission): string =>
  `${(sub.formName || 'inspection').replace(/[^\w.-]+/g, '-').slice(0, 60)}-${sub.id.slice(0, 8)}.pdf`;
