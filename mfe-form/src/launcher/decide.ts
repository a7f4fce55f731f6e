/**
 * The launcher's decision (spec 000 §2 "Launcher screen"), pure: which path a launch URL takes.
 *
 * /launchFromSF/:formId?/:formName?/:formSubmissionId?/:formSubmissionStatus?/:submissionId?
 * - any URL containing submission-finished / submission-closed: publish to the host canvas;
 * - submissionId and formSubmissionStatus Scheduled: start the scheduled submission;
 * - submissionId only: pull the pending submission from the org;
 * - formId only: create a new local submission and open /form/{newId}, keeping the query string.
 *
 * Decisions where the spec is silent (README "Launcher and canvas mode"): segments are decoded; an
 * empty segment or '-' is absent (the BFF fills a missing middle segment with '-' to keep positions);
 * submissionId is the org's form submission record Id, and formSubmissionId stands in for it when
 * submissionId is absent; a status matches case-insensitively.
 */
import { CANVAS_LAUNCH_PATH } from 'shared-contracts';
import { PUBLISH_SEGMENTS, type PublishKind } from '../canvas/contract';

export interface LaunchParams {
  formId?: string;
  formName?: string;
  formSubmissionId?: string;
  formSubmissionStatus?: string;
  submissionId?: string;
}

export type LaunchPlan =
  | { kind: 'publish'; publish: PublishKind }
  | { kind: 'scheduled'; recordId: string; formId?: string; formName?: string }
  | { kind: 'pending'; recordId: string; formId?: string; formName?: string }
  | { kind: 'new'; formId: string; formName?: string }
  | { kind: 'nothing' };

const NAMES = ['formId', 'formName', 'formSubmissionId', 'formSubmissionStatus', 'submissionId'] as const;
/** Placeholder for a missing middle segment. */
export const ABSENT_SEGMENT = '-';

function decode(segment: string): string | undefined {
  let value: string;
  try {
    value = decodeURIComponent(segment);
  } catch {
    value = segment; // a stray '%' is kept as typed
  }
  value = value.trim();
  return value === '' || value === ABSENT_SEGMENT ? undefined : value;
}

/** The launcher's parameters from a pathname (anything before /launchFromSF is ignored). */
export function parseLaunchPath(pathname: string): LaunchParams {
  const at = pathname.indexOf(CANVAS_LAUNCH_PATH);
  const rest = at < 0 ? '' : pathname.slice(at + CANVAS_LAUNCH_PATH.length);
  const segments = rest.split('/').slice(1, NAMES.length + 1);
  const out: LaunchParams = {};
  segments.forEach((s, i) => {
    const v = decode(s);
    const name = NAMES[i];
    if (v !== undefined && name) out[name] = v;
  });
  return out;
}

export function decideLaunch(pathname: string): LaunchPlan {
  if (pathname.includes(PUBLISH_SEGMENTS.finished)) return { kind: 'publish', publish: 'finished' };
  if (pathname.includes(PUBLISH_SEGMENTS.closed)) return { kind: 'publish', publish: 'closed' };
  const p = parseLaunchPath(pathname);
  const recordId = p.submissionId ?? p.formSubmissionId;
  const form = {
    ...(p.formId ? { formId: p.formId } : {}),
    ...(p.formName ? { formName: p.formName } : {}),
  };
  if (recordId && p.formSubmissionStatus?.toLowerCase() === 'scheduled')
    return { kind: 'scheduled', recordId, ...form };
  if (recordId) return { kind: 'pending', recordId, ...form };
  if (p.formId) return { kind: 'new', formId: p.formId, ...(p.formName ? { formName: p.formName } : {}) };
  return { kind: 'nothing' };
}

/** The path segments for a launch (the BFF's canvas redirect and tests): trailing absents dropped. */
export function launchPath(params: LaunchParams): string {
  const values = NAMES.map((n) => params[n] ?? '');
  while (values.length > 0 && values[values.length - 1] === '') values.pop();
  return [CANVAS_LAUNCH_PATH, ...values.map((v) => (v === '' ? ABSENT_SEGMENT : encodeURIComponent(v)))].join(
    '/',
  );
}
