import crypto from 'node:crypto';
import { ApiError } from '../http/errors';

export interface VerifiedCanvasRequest {
  userId: string;
  organizationId: string;
  userName: string | null;
  userType: string | null;
  networkId: string | null;
  siteUrl: string | null;
  client: { oauthToken: string; instanceUrl: string; instanceId?: string; targetOrigin?: string };
  parameters: Record<string, unknown>;
  /** environment.locationUrl: the org page hosting the canvas app. */
  locationUrl: string | null;
}

const reject = () => new ApiError('NOT_AUTHENTICATED', 'The signed request could not be verified.');

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
const s = (v: unknown): string | null =>
  typeof v === 'string' && v.length > 0 && v.length < 4096 ? v : null;

/**
 * Verifies a canvas signed request `<base64 HMAC-SHA256 signature>.<base64 JSON envelope>`: the HMAC
 * over the encoded envelope with the consumer secret, compared in constant time; the envelope's
 * algorithm must be HMACSHA256 and its issuedAt recent. Anything else is a 401.
 */
export function verifySignedRequest(
  signed: string,
  secret: string,
  maxAgeSeconds: number,
  now = Date.now(),
): VerifiedCanvasRequest {
  if (typeof signed !== 'string' || signed.length > 60_000) throw reject();
  const dot = signed.indexOf('.');
  if (dot <= 0 || dot === signed.length - 1) throw reject();
  const sigPart = signed.slice(0, dot);
  const envelopePart = signed.slice(dot + 1);
  const given = Buffer.from(sigPart, 'base64');
  const expected = crypto.createHmac('sha256', secret).update(envelopePart).digest();
  // Constant-time: equal lengths first (a length leak reveals nothing secret), then timingSafeEqual.
  const sameLength = given.length === expected.length;
  const ok = crypto.timingSafeEqual(sameLength ? given : expected, expected) && sameLength;
  if (!ok) throw reject();
  let envelope: Record<string, unknown>;
  try {
    envelope = record(JSON.parse(Buffer.from(envelopePart, 'base64').toString('utf8')));
  } catch {
    throw reject();
  }
  if (envelope.algorithm !== 'HMACSHA256') throw reject();
  const issuedAtRaw = envelope.issuedAt;
  if (typeof issuedAtRaw !== 'number' || !Number.isFinite(issuedAtRaw)) throw reject();
  const issuedAtMs = issuedAtRaw > 1e12 ? issuedAtRaw : issuedAtRaw * 1000;
  if (now - issuedAtMs > maxAgeSeconds * 1000 || issuedAtMs - now > 60_000) throw reject();
  const client = record(envelope.client);
  const context = record(envelope.context);
  const user = record(context.user);
  const org = record(context.organization);
  const env = record(context.environment);
  const oauthToken = s(client.oauthToken);
  const instanceUrl = s(client.instanceUrl);
  const userId = s(envelope.userId) ?? s(user.userId);
  const organizationId = s(org.organizationId);
  if (!oauthToken || !instanceUrl || !userId || !organizationId) throw reject();
  return {
    userId,
    organizationId,
    userName: s(user.userName),
    userType: s(user.userType),
    networkId: s(user.networkId),
    siteUrl: s(user.siteUrl),
    client: {
      oauthToken,
      instanceUrl,
      ...(s(client.instanceId) ? { instanceId: s(client.instanceId) as string } : {}),
      ...(s(client.targetOrigin) ? { targetOrigin: s(client.targetOrigin) as string } : {}),
    },
    parameters: record(env.parameters),
    locationUrl: s(env.locationUrl),
  };
}

/** Signs an envelope as the org does (tests and local tooling). */
export function signRequest(envelope: Record<string, unknown>, secret: string): string {
  const encoded = Buffer.from(JSON.stringify(envelope)).toString('base64');
  const sig = crypto.createHmac('sha256', secret).update(encoded).digest('base64');
  return `${sig}.${encoded}`;
}
