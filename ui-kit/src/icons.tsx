import { createIcon } from '@chakra-ui/react';
import { CLOUD_OFF_PATH } from './icon-paths';

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
export const WarningIcon = /* @__PURE__ */ icon(
  'WarningIcon',
  'M23.1 20.2 13.3 2.4a1.5 1.5 0 0 0-2.6 0L.9 20.2A1.5 1.5 0 0 0 2.2 22.5h19.6a1.5 1.5 0 0 0 1.3-2.3ZM12 19a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3Zm1.2-5.2a1.2 1.2 0 0 1-2.4 0l-.5-6.1a1.7 1.7 0 1 1 3.4 0Z',
);
export const ChevronDownIcon = /* @__PURE__ */ icon(
  'ChevronDownIcon',
  'M7.4 8.6 12 13.2l4.6-4.6L18 10l-6 6-6-6 1.4-1.4Z',
);
export const ChevronUpIcon = /* @__PURE__ */ icon(
  'ChevronUpIcon',
  'M7.4 15.4 12 10.8l4.6 4.6L18 14l-6-6-6 6 1.4 1.4Z',
);
export const ExternalIcon = /* @__PURE__ */ icon(
  'ExternalIcon',
  'M14 3h7v7h-2V6.4l-9.3 9.3-1.4-1.4L17.6 5H14V3ZM5 5h6v2H5v12h12v-6h2v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2Z',
);
export const SearchIcon = /* @__PURE__ */ icon(
  'SearchIcon',
  'M10 2a8 8 0 0 1 6.3 12.9l5.4 5.4-1.4 1.4-5.4-5.4A8 8 0 1 1 10 2Zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12Z',
);
export const HelpIcon = /* @__PURE__ */ icon(
  'HelpIcon',
  'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm0 15a1.3 1.3 0 1 0 0 2.6 1.3 1.3 0 0 0 0-2.6Zm0-11a4 4 0 0 0-4 4h2a2 2 0 1 1 2 2 1 1 0 0 0-1 1v2h2v-1.1A4 4 0 0 0 12 6Z',
);
export const BellIcon = /* @__PURE__ */ icon(
  'BellIcon',
  'M12 22a2.5 2.5 0 0 0 2.4-2h-4.8A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.8V3.5a1.5 1.5 0 0 0-3 0v.7A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z',
);
export const CloudOffIcon = /* @__PURE__ */ icon('CloudOffIcon', CLOUD_OFF_PATH);
/** Items waiting to sync (the phone header shows this with the count instead of the words). */
export const CloudUploadIcon = /* @__PURE__ */ icon(
  'CloudUploadIcon',
  'M19.35 10.04A7.49 7.49 0 0 0 12 4C9.11 4 6.6 5.64 5.35 8.04A5.99 5.99 0 0 0 0 14c0 3.31 2.69 6 6 6h13c2.76 0 5-2.24 5-5 0-2.64-2.05-4.78-4.65-4.96ZM14 13v4h-4v-4H7l5-5 5 5h-3Z',
);
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
