/**
 * Who a local record belongs to (issue 28: field teams share tablets and browsers). Every record of
 * the offline stores carries its organisation and its user; every read and write of the store takes
 * the signed-in owner and sees that owner's records only. A query without an owner is refused
 * (OwnerRequiredError), never widened to "everything on the device".
 */

export interface Owner {
  organizationId: string;
  userId: string;
}

/**
 * The user of a record written before records had users, when the migration could not tell whose it
 * was (nobody signed in, or another organisation signed in). Matches no signed-in user: such a record
 * is shown to nobody and stays on the device until its owner claims it (import-of-pending: the org
 * lists it as that user's).
 */
export const UNKNOWN_USER = '?';

export class OwnerRequiredError extends Error {
  constructor(what: string) {
    super(`offline store: ${what} needs the signed-in owner (organisation and user)`);
    this.name = 'OwnerRequiredError';
  }
}

export function isOwner(owner: unknown): owner is Owner {
  if (typeof owner !== 'object' || owner === null) return false;
  const { organizationId, userId } = owner as Partial<Owner>;
  return (
    typeof organizationId === 'string' &&
    organizationId !== '' &&
    typeof userId === 'string' &&
    userId !== '' &&
    userId !== UNKNOWN_USER
  );
}

export function assertOwner(owner: unknown, what: string): asserts owner is Owner {
  if (!isOwner(owner)) throw new OwnerRequiredError(what);
}

/** Whether a stored record belongs to `owner` (both keys: users of two orgs never share records). */
export function ownedBy(record: { organizationId?: string; userId?: string }, owner: Owner): boolean {
  return record.organizationId === owner.organizationId && record.userId === owner.userId;
}

export function sameOwner(a: Owner | null, b: Owner | null): boolean {
  return a !== null && b !== null && a.organizationId === b.organizationId && a.userId === b.userId;
}

/** The compound index key `[organizationId+userId]`. */
export function ownerKey(owner: Owner): [string, string] {
  return [owner.organizationId, owner.userId];
}

/**
 * One of the org's lists as last read for one owner (version 4; keyed by owner and name): the user's
 * assigned tasks, the forms, when they were last current. Kept in the offline database (db.ts), never in localStorage (issue 41).
 */
export interface OwnedList extends Owner {
  name: string;
  value: unknown;
}
