// What a change of an org record means for home screens: which list it touches and whose homes are
// told (change-stream.ts delivers these hints).
import type { HintTarget } from '../cluster/coordination';

/** What a home screen re-reads: its assigned tasks, its pending submissions, the forms list. */
export type ChangeTopic = 'tasks' | 'submissions' | 'forms';

export interface ChangeHint {
  topics: ChangeTopic[];
}

export interface ChangeListener {
  /** The signed-in user (main org) the stream belongs to. */
  userId: string;
  send(hint: ChangeHint): void;
}

/** The record-change event's fields, as the package publishes them (names without namespace). */
export interface RecordChange {
  objectName: string;
  ownerId: string | null;
  previousOwnerId: string | null;
}

/** Group's key prefix: an owner that is a queue. */
const QUEUE_PREFIX = '00G';

/** Which home list an object's changes touch (object names without namespace). */
const TOPIC_OF: Record<string, ChangeTopic> = {
  Task: 'tasks',
  SQX_Form_Submission__c: 'submissions',
  SQX_Form_Definition__c: 'forms',
};

/**
 * Who is told: a task or submission concerns its owner and, when it changed hands, its previous owner
 * (both lists changed); the forms list concerns every user of the org, and the hint names no form.
 * No hint carries a record, an id or a value: the browser re-reads through its own session, where the
 * org applies sharing.
 */
export function recipients(change: RecordChange, namespace: string): HintTarget | null {
  const prefix = namespace ? `${namespace}__` : '';
  const local = change.objectName.startsWith(prefix)
    ? change.objectName.slice(prefix.length)
    : change.objectName;
  const topic = TOPIC_OF[local];
  if (!topic) return null;
  if (topic === 'forms') return { topic, userIds: 'all' };
  const ids = [change.ownerId, change.previousOwnerId].filter(
    (x): x is string => typeof x === 'string' && x !== '',
  );
  // A queue's record (a corrective action a crew owns, issue 43) concerns its members, whom the event
  // does not name: every home of the org re-reads that list, and the org's sharing shows it to members only.
  if (ids.some((i) => i.startsWith(QUEUE_PREFIX))) return { topic, userIds: 'all' };
  // 15- and 18-character ids of one user compare by their first 15 characters.
  return { topic, userIds: [...new Set(ids.map((i) => i.slice(0, 15)))] };
}
