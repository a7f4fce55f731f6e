import { defineTexts, type OutboxItem, type TABLE_COLUMN_LABELS } from 'shared-contracts';

/**
 * One of the spec's table column labels (section 2). Home shows cards, not a table (README, "Where
 * mfe-home differs from the spec on purpose"); a card names what it shows by the column's label.
 */
const column = <L extends (typeof TABLE_COLUMN_LABELS)[number]>(label: L): L => label;

/** Texts of mfe-home (the spec's own messages are in shared-contracts MESSAGES). */
export const HOME_TEXTS = defineTexts('home', {
  title: 'checklists',
  syncedOn: 'Synced on',
  never: 'never',
  tabSelector: 'Choose a list',
  searchLabel: column('Search'),
  searchPlaceholder: 'Search forms (2+ characters)',
  openTask: 'Open task in the organisation (new tab)',
  start: column('Start'),
  launch: column('Launch'),
  offline: column('Offline'),
  scheduledFor: column('Scheduled For'),
  subject: column('Subject'),
  created: 'Created',
  submittedOn: 'Submitted',
  lastSync: column('Last Sync'),
  status: column('Status'),
  showErrors: 'Show submission errors',
  waitingToSync: 'Waiting to sync',
  filesWaiting: 'Files waiting to upload',
  showMore: 'Show more',
  showing: (shown: number, total: number) => `Showing ${shown} of ${total}`,
  cancel: 'Cancel',
  remove: 'Remove',
  loadFailed: 'Could not load from the organisation. Showing what is stored on this device.',
  offlineNotice: 'You are offline. Showing what is stored on this device.',
  startFailed: 'Could not start this task.',
  launchFailed: 'Could not open this form.',
  notOnDevice: (offlineCapable: boolean) =>
    offlineCapable
      ? 'This form is not on this device. Turn on Offline on its card while you are connected to fill it without a connection.'
      : 'This form needs a connection. Launch it again when you are back online.',
  offlineFailed: 'Could not make this form available offline.',
  signedOutNotice: 'You are not signed in. Sign in to load your tasks and forms.',
  signIn: 'Sign in',
  outbox: 'Outbox',
  outboxTitle: 'Waiting to sync',
  outboxEmpty: 'Nothing is waiting to sync.',
  retryNow: 'Retry now',
  discard: 'Discard',
  discardConfirm: 'Discard this item? It will not be sent to the organisation and cannot be recovered.',
  lastError: 'Last error',
  nextRetry: 'Next retry',
  attempts: 'Attempts',
  noRetryScheduled: 'not scheduled',
  close: 'Close',
} as const);

/**
 * A record's sync state in words, never the stored status ('file usnyc', 'in error': review N9).
 * 'in error' on an In Progress card goes with the spec's submit-failed text, which says what to do.
 */
export const SYNC_STATE_TEXTS = defineTexts('syncState', {
  synced: 'Synced',
  refused: 'Not accepted by the organisation',
} as const);

const SYNC_STATE_WORDS: Record<string, () => string> = {
  'in sync': () => SYNC_STATE_TEXTS.synced,
  'out of sync': () => HOME_TEXTS.waitingToSync,
  'offline submission sync': () => HOME_TEXTS.waitingToSync,
  'file usnyc': () => HOME_TEXTS.filesWaiting,
  'in error': () => SYNC_STATE_TEXTS.refused,
};

export const syncStateText = (syncStatus: string): string =>
  SYNC_STATE_WORDS[syncStatus]?.() ?? HOME_TEXTS.waitingToSync;

/** An outbox row's state and kind as the user reads them (the store's words are its own). */
export const OUTBOX_TEXTS = defineTexts('outbox', {
  queued: 'Queued',
  uploading: 'Uploading',
  waitingForFiles: 'Waiting for files',
  retryScheduled: 'Retry scheduled',
  inError: 'In error',
  needsSignIn: 'Needs sign-in',
  submission: 'Submission',
  file: 'File',
} as const);

const OUTBOX_WORDS: Record<OutboxItem['state'] | OutboxItem['kind'], () => string> = {
  queued: () => OUTBOX_TEXTS.queued,
  uploading: () => OUTBOX_TEXTS.uploading,
  'waiting for files': () => OUTBOX_TEXTS.waitingForFiles,
  'retry scheduled': () => OUTBOX_TEXTS.retryScheduled,
  'in error': () => OUTBOX_TEXTS.inError,
  'needs sign-in': () => OUTBOX_TEXTS.needsSignIn,
  submission: () => OUTBOX_TEXTS.submission,
  file: () => OUTBOX_TEXTS.file,
};

export const outboxWord = (word: OutboxItem['state'] | OutboxItem['kind']): string =>
  OUTBOX_WORDS[word]?.() ?? word;
