// Icon drawings (SVG path data, 24×24 viewBox) that a Chakra-free screen draws in a plain <svg>: the
// shell's light header on the sign-in page. The Chakra icon of the same drawing (icons.tsx) uses the
// same constant, so no drawing lives in two places. Only these live here, not the whole set: the
// sign-in page's bundle carries every path this module exports that any chunk uses.

export const CLOUD_OFF_PATH =
  'M3.3 2 2 3.3l3 3A6 6 0 0 0 6 18h11.7l2 2 1.3-1.3ZM8 16H6a4 4 0 0 1-.3-8l8 8Zm11.4-5.9A7 7 0 0 0 9 5.5l1.5 1.5A5 5 0 0 1 17.5 11h1A3 3 0 0 1 20.6 16l1.4 1.4a5 5 0 0 0-2.6-7.3Z';

export const WARNING_PATH =
  'M23.1 20.2 13.3 2.4a1.5 1.5 0 0 0-2.6 0L.9 20.2A1.5 1.5 0 0 0 2.2 22.5h19.6a1.5 1.5 0 0 0 1.3-2.3ZM12 19a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3Zm1.2-5.2a1.2 1.2 0 0 1-2.4 0l-.5-6.1a1.7 1.7 0 1 1 3.4 0Z';

export const CHEVRON_DOWN_PATH = 'M7.4 8.6 12 13.2l4.6-4.6L18 10l-6 6-6-6 1.4-1.4Z';

export const EXTERNAL_PATH =
  'M14 3h7v7h-2V6.4l-9.3 9.3-1.4-1.4L17.6 5H14V3ZM5 5h6v2H5v12h12v-6h2v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2Z';

export const SEARCH_PATH =
  'M10 2a8 8 0 0 1 6.3 12.9l5.4 5.4-1.4 1.4-5.4-5.4A8 8 0 1 1 10 2Zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12Z';

export const HELP_PATH =
  'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm0 15a1.3 1.3 0 1 0 0 2.6 1.3 1.3 0 0 0 0-2.6Zm0-11a4 4 0 0 0-4 4h2a2 2 0 1 1 2 2 1 1 0 0 0-1 1v2h2v-1.1A4 4 0 0 0 12 6Z';

export const BELL_PATH =
  'M12 22a2.5 2.5 0 0 0 2.4-2h-4.8A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.8V3.5a1.5 1.5 0 0 0-3 0v.7A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z';

export const CLOUD_UPLOAD_PATH =
  'M19.35 10.04A7.49 7.49 0 0 0 12 4C9.11 4 6.6 5.64 5.35 8.04A5.99 5.99 0 0 0 0 14c0 3.31 2.69 6 6 6h13c2.76 0 5-2.24 5-5 0-2.64-2.05-4.78-4.65-4.96ZM14 13v4h-4v-4H7l5-5 5 5h-3Z';
