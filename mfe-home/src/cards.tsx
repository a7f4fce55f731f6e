import { lazy, memo, Suspense, useState } from 'react';
import { lazyWithPreload } from 'ui-kit/lazy-preload';
import type { ConfirmProps } from './ConfirmDialog';
import { ERROR_TOAST_MS, MESSAGES, type HostServices, type LocalSubmission } from 'shared-contracts';
import { fieldValues, formatDateTime, labelWithColon } from 'form-core';
import { EXTERNAL_PATH, WARNING_PATH } from 'ui-kit/icon-paths';
import { NoDataIllustration } from './icons';
import {
  errorTextsOf,
  formTitle,
  hasErrors,
  isOutOfSyncSubmitted,
  type AssignedTask,
  type FormListItem,
} from './model';
import { HOME_TEXTS, syncStateText } from './texts';
import { useOpenedOnce } from 'ui-kit/use-opened-once';
import { Badge, Button, Card, Spinner, Switch } from './plain-ui';
import { ChakraIsland, useToast } from './chakra-parts';

// The report's buttons only on a Submitted card: loaded when one shows, never with home's first
// screen (bench:load's shell + home budget); Chakra's, so drawn by the Chakra layer (an island).
const ReportActions = lazy(() => import('report/actions').then((m) => ({ default: m.ReportActions })));

function Field({ label, value }: { label: string; value: string }) {
  return (
    <p className="hm-p hm-sm hm-clamp" data-testid="field-value">
      <span className="hm-muted">{labelWithColon(label)}</span> {value}
    </p>
  );
}

/** A refused submit's errors in its toast: numbered as the form's banner numbers them. */
function ErrorList({ texts }: { texts: readonly string[] }) {
  if (texts.length === 1)
    return (
      <p className="hm-p" data-testid="submission-error-text">
        {texts[0]}
      </p>
    );
  return (
    <ol className="hm-ol" data-testid="submission-error-text">
      {texts.map((t, i) => (
        <li key={i}>{t}</li>
      ))}
    </ol>
  );
}

/** In-progress card: up to 4 field values (spec section 2). */
const CARD_FIELD_VALUES = 4;

export function NoData() {
  return (
    <div className="hm-nodata" data-testid="no-data">
      <NoDataIllustration />
      <p className="hm-p hm-muted">{MESSAGES.noRecords}</p>
    </div>
  );
}

function Svg({ d, className, label }: { d: string; className?: string; label?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <path fill="currentColor" d={d} />
    </svg>
  );
}

export const AssignedTaskCard = memo(function AssignedTaskCard({
  task,
  taskUrl,
  timeZone,
  busy,
  onStart,
}: {
  task: AssignedTask;
  taskUrl: string;
  timeZone?: string;
  busy: boolean;
  onStart(task: AssignedTask): void;
}) {
  return (
    <Card data-testid="assigned-card">
      <div className="hm-row">
        <div className="hm-stack1 hm-grow">
          <h3 className="hm-h3">
            <a className="hm-link" href={taskUrl} target="_blank" rel="noopener noreferrer">
              {task.checklist}
              <Svg d={EXTERNAL_PATH} className="hm-ext" label={HOME_TEXTS.openTask} />
            </a>
          </h3>
          {task.subject && <Field label={HOME_TEXTS.subject} value={task.subject} />}
          <Field label={HOME_TEXTS.scheduledFor} value={formatDateTime(task.scheduledFor, { timeZone })} />
        </div>
        <Button
          busy={busy}
          onClick={() => onStart(task)}
          aria-label={`${HOME_TEXTS.start} ${task.checklist}`}
        >
          {HOME_TEXTS.start}
        </Button>
      </div>
    </Card>
  );
});

export const InProgressCard = memo(function InProgressCard({
  sub,
  formDef,
  timeZone,
  onLaunch,
}: {
  sub: LocalSubmission;
  /** The submission's form definition (its own, else the offline copy of its form). */
  formDef?: unknown;
  timeZone?: string;
  onLaunch(id: string): void;
}) {
  const toast = useToast();
  const values = fieldValues(sub.data, formDef ?? sub.formDef, CARD_FIELD_VALUES, { timeZone });
  const errored = hasErrors(sub);
  return (
    <Card data-testid="in-progress-card">
      <div className="hm-row">
        <div className="hm-stack1 hm-grow">
          <div className="hm-line">
            {/* Two lines: on a phone one line cut most names ('FORM-0002 - Workplac…'). */}
            <h3 className="hm-h3 hm-clamp">{sub.formName}</h3>
            {errored && (
              <button
                type="button"
                className="hm-btn hm-btn-xs hm-icon-btn"
                aria-label={HOME_TEXTS.showErrors}
                onClick={() =>
                  toast({
                    status: 'error',
                    title: MESSAGES.submissionErrorToast,
                    // what was refused, in the org's or the BFF's words (not the bare title alone)
                    description: <ErrorList texts={errorTextsOf(sub)} />,
                    duration: ERROR_TOAST_MS,
                    isClosable: true,
                  })
                }
              >
                <Svg d={WARNING_PATH} />
              </button>
            )}
          </div>
          {errored ? (
            // spec section 8, "Submit failed with errors": back in progress, errors to see on Launch
            <p className="hm-p hm-sm hm-red" data-testid="submit-errors">
              {MESSAGES.submitFailedWithErrors}
            </p>
          ) : null}
          {values.map((v, i) => (
            <Field key={i} label={v.label} value={v.value} />
          ))}
          <p className="hm-p hm-xs hm-muted" data-testid="card-created">
            {HOME_TEXTS.created} {formatDateTime(sub.createdOn, { timeZone })} ·{' '}
            {syncStateText(sub.syncStatus)}
          </p>
        </div>
        <Button onClick={() => onLaunch(sub.id)} aria-label={`${HOME_TEXTS.launch} ${sub.formName}`}>
          {HOME_TEXTS.launch}
        </Button>
      </div>
    </Card>
  );
});

export const SubmittedCard = memo(function SubmittedCard({
  sub,
  formDef,
  timeZone,
  host,
}: {
  sub: LocalSubmission;
  formDef?: unknown;
  timeZone?: string;
  /** With it, the card offers the inspection report (issue 42). */
  host?: HostServices;
}) {
  const special = isOutOfSyncSubmitted(sub);
  return (
    <Card special={special} data-testid={special ? 'out-of-sync-card' : 'submitted-card'}>
      <div className="hm-stack1">
        <div className="hm-line hm-wrap">
          <h3 className="hm-h3 hm-clamp">{sub.formName}</h3>
          {special ? (
            <Badge tone="orange">
              {sub.syncStatus === 'file usnyc' ? HOME_TEXTS.filesWaiting : HOME_TEXTS.waitingToSync}
            </Badge>
          ) : (
            <Badge tone={sub.syncStatus === 'in error' ? 'red' : 'gray'}>
              {syncStateText(sub.syncStatus)}
            </Badge>
          )}
        </div>
        {fieldValues(sub.data, formDef ?? sub.formDef, CARD_FIELD_VALUES, { timeZone }).map((v, i) => (
          <Field key={i} label={v.label} value={v.value} />
        ))}
        <p className="hm-p hm-xs hm-muted">
          {HOME_TEXTS.submittedOn} {formatDateTime(sub.submittedOn || sub.createdOn, { timeZone })}
        </p>
        {host ? (
          <ChakraIsland>
            <Suspense fallback={null}>
              <ReportActions host={host} submission={sub} size="xs" />
            </Suspense>
          </ChakraIsland>
        ) : null}
      </div>
    </Card>
  );
});

export const FormCard = memo(function FormCard({
  form,
  cached,
  syncedOn,
  timeZone,
  busy,
  onToggleOffline,
  onLaunch,
}: {
  form: FormListItem;
  cached: boolean;
  syncedOn: string;
  timeZone?: string;
  busy: boolean;
  onToggleOffline(form: FormListItem, on: boolean): void;
  onLaunch(form: FormListItem): void;
}) {
  const title = formTitle(form);
  const switchId = `offline-${form.Id}`;
  return (
    <Card data-testid="form-card">
      <div className="hm-row">
        {/* A 12rem basis: on a phone the toggle and Launch wrap below the title instead of
            squeezing it into a one-word column. */}
        <div className="hm-stack1 hm-grow12">
          <h3 className="hm-h3">{title}</h3>
          {/* Only a form kept on this device has a copy to date; the others are read from the org. */}
          {syncedOn ? (
            <p className="hm-p hm-xs hm-muted" data-testid="form-synced">
              {HOME_TEXTS.lastSync} {formatDateTime(syncedOn, { timeZone })}
            </p>
          ) : null}
        </div>
        <div className="hm-line" style={{ gap: '.75rem' }}>
          {form.Supports_Offline__c && (
            <div className="hm-flabel">
              <label htmlFor={switchId}>{HOME_TEXTS.offline}</label>
              {busy ? (
                <Spinner small label={HOME_TEXTS.offline} />
              ) : (
                <Switch
                  id={switchId}
                  checked={cached}
                  onChange={(on) => onToggleOffline(form, on)}
                  label={`${HOME_TEXTS.offline} ${title}`}
                />
              )}
            </div>
          )}
          <Button onClick={() => onLaunch(form)} aria-label={`${HOME_TEXTS.launch} ${title}`}>
            {HOME_TEXTS.launch}
          </Button>
        </div>
      </div>
    </Card>
  );
});

// The dialog's code (and Chakra's dialogs with it): fetched when a confirmation first opens, or when
// home is first idle (HomeScreen), so it opens offline in the first seconds after a sign-in too.
export const ConfirmDialog = lazyWithPreload(() =>
  import('./ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })),
);

/** A confirmation dialog (Cancel / confirm), mounted from its first opening on, in the Chakra layer. */
export function Confirm(props: ConfirmProps) {
  if (!useOpenedOnce(props.isOpen)) return null;
  return (
    <ChakraIsland>
      <Suspense fallback={null}>
        <ConfirmDialog {...props} />
      </Suspense>
    </ChakraIsland>
  );
}

/** Renders the first page of a long list, more on demand, so a tab switch over 10,000 items stays fast. */
export function Paged<T>({
  items,
  page = 20,
  render,
}: {
  items: readonly T[];
  page?: number;
  render(item: T): React.ReactNode;
}) {
  const [shown, setShown] = useState(page);
  if (items.length === 0) return <NoData />;
  const visible = items.slice(0, shown);
  return (
    <div className="hm-stack">
      {visible.map(render)}
      {items.length > shown && (
        <div className="hm-center">
          <p className="hm-p hm-sm hm-muted" style={{ marginBottom: '.5rem' }}>
            {HOME_TEXTS.showing(shown, items.length)}
          </p>
          <Button variant="outline" onClick={() => setShown((n) => n + page)}>
            {HOME_TEXTS.showMore}
          </Button>
        </div>
      )}
    </div>
  );
}
