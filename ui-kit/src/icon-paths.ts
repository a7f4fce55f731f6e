// Icon drawings (SVG path data, 24×24 viewBox) that a Chakra-free screen draws in a plain <svg>: the
// shell's light header on the sign-in page. The Chakra icon of the same drawing (icons.tsx) uses the
// same constant, so no drawing lives in two places. Only these live here, not the whole set: the
// sign-in page's bundle carries every path this module exports that any chunk uses.

export const CLOUD_OFF_PATH =
  'M3.3 2 2 3.3l3 3A6 6 0 0 0 6 18h11.7l2 2 1.3-1.3ZM8 16H6a4 4 0 0 1-.3-8l8 8Zm11.4-5.9A7 7 0 0 0 9 5.5l1.5 1.5A5 5 0 0 1 17.5 11h1A3 3 0 0 1 20.6 16l1.4 1.4a5 5 0 0 0-2.6-7.3Z';
