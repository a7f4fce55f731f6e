/**
 * Who may build and publish forms: the org decides, per user. The builder edits SQX_Form_Definition__c
 * records, so a user whose describe of that object is not `updateable` (no Edit in their profile or
 * permission sets), or who cannot see it at all, gets no builder: the shell hides its entry, the
 * builder shows its no-access page, and the BFF answers its calls 403 with the org's reason.
 */
import { ACCESS_TEXTS } from 'shared-contracts';
import { ApiError } from '../http/errors';
import type { Call } from '../routes/types';
import { orgName } from '../routes/ns';
import { describeObject } from './describe';

export interface FormBuilderAccess {
  allowed: boolean;
  /** The org's reason when not allowed. */
  reason: string | null;
}

export async function formBuilderAccess(call: Call): Promise<FormBuilderAccess> {
  const object = orgName(call, 'SQX_Form_Definition__c');
  try {
    const d = (await describeObject(call.conn(), object)) as { updateable?: boolean; createable?: boolean };
    if (d.updateable === true) return { allowed: true, reason: null };
    return {
      allowed: false,
      reason: `insufficient access rights on object id: ${object} is not updateable for this user`,
    };
  } catch (err) {
    // Describe answers an object the user cannot read as unknown (NOT_FOUND; BAD_REQUEST here).
    if (err instanceof ApiError && err.code === 'BAD_REQUEST') {
      return { allowed: false, reason: `sObject type '${object}' is not supported for this user` };
    }
    throw err;
  }
}

/** 403 in the error envelope, with the org's reason, for a user the org does not let edit forms. */
export async function requireFormBuilder(call: Call): Promise<void> {
  const access = await formBuilderAccess(call);
  if (!access.allowed) {
    throw new ApiError('FORBIDDEN', ACCESS_TEXTS.noBuilderAccess, {
      orgErrorCode: 'INSUFFICIENT_ACCESS_OR_READONLY',
      reason: access.reason,
    });
  }
}
