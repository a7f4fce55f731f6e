/**
 * The device's protection (issue 45). GET /api/vault/escrowKey: the key that opens a user's data on
 * their devices when the PIN cannot (forgotten, or ten wrong tries); HKDF-SHA-256 of the deployment's
 * secret for one org and user: every instance derives the same key, nothing is stored, and only that
 * user's session gets it. GET /api/vault/policy: the org's device policy as that user reads it.
 */
import { ApiError } from '../http/errors';
import { escrowKeyFor, NO_ESCROW } from '../org/escrow-key';
import { readDevicePolicy } from '../org/device-policy';
import { orgName } from './ns';
import type { Handler } from './types';

export const vaultHandlers: Record<string, Handler> = {
  vaultEscrowKey(call) {
    const secret = call.deps.config.vault.escrowSecret;
    if (!secret) throw new ApiError('NOT_FOUND', NO_ESCROW);
    const { organizationId, userId } = call.auth();
    return Promise.resolve({
      owner: `${organizationId}:${userId}`,
      key: escrowKeyFor(secret, organizationId, userId).toString('base64'),
    });
  },
  vaultPolicy(call) {
    return readDevicePolicy(call.conn(), (name) => orgName(call, name));
  },
};
