import { ACTION_DONE_MAX, ACTION_PHOTOS_MAX } from 'shared-contracts';

/** Texts of the assignee's corrective actions on home (issue 43). */
export const ACTION_TEXTS = {
  heading: 'Corrective actions',
  open: 'Open',
  openLabel: (subject: string) => `Open corrective action: ${subject}`,
  question: 'Question',
  answer: 'Answer',
  failed: 'Failed',
  note: 'Note',
  inspection: 'Inspection',
  submission: 'Submission',
  due: 'Due',
  noDueDate: 'No due date',
  overdue: 'Overdue',
  priority: 'Priority',
  queue: 'Queue',
  inspectionPhoto: (title: string) => `Photo from the inspection${title ? `: ${title}` : ''}`,
  photoOffline: 'The inspection photo shows when you are online.',
  doneLabel: 'What was done',
  photoLabel: 'Attach photos',
  removePhoto: (name: string) => `Remove ${name}`,
  /** A picked file the device could not read as a picture (it is not attached). */
  photoUnreadable: (name: string) =>
    `${name} could not be read as a picture on this device. Choose a JPEG or PNG photo.`,
  preparingPhotos: 'Preparing photos…',
  markDone: 'Mark done',
  cancel: 'Cancel',
  doneRequired: 'Say what was done.',
  doneTooLong: `Say what was done in at most ${ACTION_DONE_MAX} characters.`,
  tooManyPhotos: `Attach at most ${ACTION_PHOTOS_MAX} photos.`,
  waiting: 'Done, waiting to sync',
  refused: 'Not accepted by the organisation',
  seeOutbox: 'The outbox says why; discard it there to try again.',
  delivered: 'Marked done.',
  savedOnDevice: 'Marked done on this device. It is sent to the organisation when you are back online.',
  failed_: 'Could not mark this action done.',
} as const;
