import { createIcon } from '@chakra-ui/react';
import {
  BELL_PATH,
  CHEVRON_DOWN_PATH,
  CLOUD_OFF_PATH,
  CLOUD_UPLOAD_PATH,
  EXTERNAL_PATH,
  HELP_PATH,
  SEARCH_PATH,
  WARNING_PATH,
} from './icon-paths';

// The product's icon set for every Chakra front end (subpath `ui-kit/icons`): inline SVG
// drawn with Chakra's createIcon, so an icon never depends on a font the device may not have (an
// emoji or a symbol character renders as a missing-glyph box where no installed font covers it).
// A drawing that a Chakra-free screen also draws lives in icon-paths.ts (`ui-kit/icon-paths`).

const icon = (displayName: string, d: string) =>
  createIcon({ displayName, viewBox: '0 0 24 24', path: <path fill="currentColor" d={d} /> });

// Each icon is a pure call, so a bundle drops the icons it does not import.
export const TrashIcon = /* @__PURE__ */ icon(
  'TrashIcon',
  'M9 3h6l1 2h4v2H4V5h4l1-2Zm-3 6h12l-1 12a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2L6 9Zm4 2v9h1.5v-9H10Zm3.5 0v9H15v-9h-1.5Z',
);
export const CloseIcon = /* @__PURE__ */ icon(
  'CloseIcon',
  'm6.4 5 5.6 5.6L17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4 6.4 5Z',
);
export const EditIcon = /* @__PURE__ */ icon(
  'EditIcon',
  'M3 17.2V21h3.8L17.8 10l-3.8-3.8L3 17.2Zm17.7-10.1a1 1 0 0 0 0-1.4l-2.4-2.4a1 1 0 0 0-1.4 0l-1.9 1.9 3.8 3.8 1.9-1.9Z',
);
export const WarningIcon = /* @__PURE__ */ icon('WarningIcon', WARNING_PATH);
export const ChevronDownIcon = /* @__PURE__ */ icon('ChevronDownIcon', CHEVRON_DOWN_PATH);
export const ChevronUpIcon = /* @__PURE__ */ icon(
  'ChevronUpIcon',
  'M7.4 15.4 12 10.8l4.6 4.6L18 14l-6-6-6 6 1.4 1.4Z',
);
export const ExternalIcon = /* @__PURE__ */ icon('ExternalIcon', EXTERNAL_PATH);
export const SearchIcon = /* @__PURE__ */ icon('SearchIcon', SEARCH_PATH);
export const HelpIcon = /* @__PURE__ */ icon('HelpIcon', HELP_PATH);
export const BellIcon = /* @__PURE__ */ icon('BellIcon', BELL_PATH);
export const CloudOffIcon = /* @__PURE__ */ icon('CloudOffIcon', CLOUD_OFF_PATH);
/** Items waiting to sync (the phone header shows this with the count instead of the words). */
export const CloudUploadIcon = /* @__PURE__ */ icon('CloudUploadIcon', CLOUD_UPLOAD_PATH);
/** A failed answer or a failed inspection (beside its text: never colour alone). */
export const FailIcon = /* @__PURE__ */ icon(
  'FailIcon',
  'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm4.3 12.9-1.4 1.4-2.9-2.9-2.9 2.9-1.4-1.4 2.9-2.9-2.9-2.9 1.4-1.4 2.9 2.9 2.9-2.9 1.4 1.4-2.9 2.9 2.9 2.9Z',
);
/** A passed inspection. */
export const PassIcon = /* @__PURE__ */ icon(
  'PassIcon',
  'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1.6 14.6-4.3-4.3 1.4-1.4 2.9 2.9 6-6 1.4 1.4-7.4 7.4Z',
);
