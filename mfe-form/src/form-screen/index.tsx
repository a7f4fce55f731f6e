// Entry points of the form-filling screen (issue 8): /form/:formid and /filename.
import { useMemo } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import type { HostServices, LocalSubmission } from 'shared-contracts';
import { FormScreen } from './FormScreen';
import { parseFormRoute } from './route';

export { FormScreen } from './FormScreen';
export type { FormScreenProps } from './FormScreen';
export { parseFormRoute, isSubmissionId, SUBMISSION_ID_PATTERN } from './route';

export interface FormRouteProps {
  host: HostServices;
  /** Canvas mode, when the launcher (or an embedding) knows it; an embedded session turns it on too. */
  canvasMode?: boolean;
  onFinished?: (submission: LocalSubmission, result?: { url?: string | null }) => void;
  onClosed?: (submission: LocalSubmission) => void;
  /** How long the save flow waits for the org's answer before the submission is left queued. */
  submitTimeoutMs?: number;
}

export function FormScreenRoute(props: FormRouteProps) {
  const { formid } = useParams();
  const location = useLocation();
  const route = useMemo(
    () => parseFormRoute(location.pathname, formid, location.search),
    [location.pathname, formid, location.search],
  );
  // A new target remounts the screen (fresh state per submission).
  const key = `${location.pathname}${location.search}`;
  return <FormScreen key={key} {...props} route={route} />;
}

export function FileNameRoute(props: FormRouteProps) {
  return <FormScreenRoute {...props} />;
}
