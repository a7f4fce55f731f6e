/**
 * What the form screen shows, read from its route and query (spec 000 section 2): a submission by its
 * 36-character id, the read-only `selected-submission` view, or submission data loaded by file name.
 */
export const SUBMISSION_ID_PATTERN = /^[A-Za-z0-9-]{36}$/;
export const SELECTED_SUBMISSION = 'selected-submission';

export const isSubmissionId = (value: string | undefined): value is string =>
  typeof value === 'string' && SUBMISSION_ID_PATTERN.test(value);

export type FormTarget =
  | { kind: 'submission'; id: string }
  /** fileName/token/originUrl: the submission JSON comes from GET /api/content/{fileName}. */
  | { kind: 'file'; fileName: string; token?: string; originUrl?: string }
  /** Neither a valid id nor a file name: "Couldn't find the matching submission." */
  | { kind: 'invalid' };

export interface FormRoute {
  target: FormTarget;
  /** mode=readOnly, or the selected-submission view: only Close is offered. */
  readOnly: boolean;
  /** A path containing selected-submission: file, signature and list controls read-only too. */
  selectedSubmission: boolean;
  /** view=print: the print layout (every section open, textarea copies), printed at once. */
  print: boolean;
}

/**
 * `formid` is the route parameter (undefined on /filename). The selected-submission view names the
 * chosen submission with `?id=` (or `?submissionId=`): the spec does not say how it is chosen.
 */
export function parseFormRoute(pathname: string, formid: string | undefined, search: string): FormRoute {
  const q = new URLSearchParams(search);
  const selectedSubmission = pathname.includes(SELECTED_SUBMISSION);
  const readOnly = selectedSubmission || q.get('mode') === 'readOnly';
  const print = q.get('view') === 'print';
  const fileName = q.get('fileName');
  let target: FormTarget;
  if (fileName) {
    target = {
      kind: 'file',
      fileName,
      ...(q.get('token') ? { token: q.get('token') as string } : {}),
      ...(q.get('originUrl') ? { originUrl: q.get('originUrl') as string } : {}),
    };
  } else {
    const id = formid === SELECTED_SUBMISSION ? (q.get('id') ?? q.get('submissionId') ?? undefined) : formid;
    target = isSubmissionId(id) ? { kind: 'submission', id } : { kind: 'invalid' };
  }
  return { target, readOnly, selectedSubmission, print };
}
