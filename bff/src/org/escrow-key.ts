/**
 * A user's escrow key (issue 45): HKDF-SHA-256 of the deployment's secret for one org and user. Every
 * instance derives the same key and nothing is stored. It wraps the user's data key on their devices
 * (released to their session by GET /api/vault/escrowKey) and opens their sealed uploads here.
 */
import { hkdfSync } from 'node:crypto';

export const NO_ESCROW = 'No escrow key is configured on this server.';

export function escrowKeyFor(secret: string, organizationId: string, userId: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'cq-vault-escrow', `${organizationId}:${userId}`, 32));
}
