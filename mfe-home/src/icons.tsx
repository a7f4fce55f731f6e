import { createIcon } from '@chakra-ui/react';

export const WarningIcon = createIcon({
  displayName: 'WarningIcon',
  viewBox: '0 0 24 24',
  path: (
    <path
      fill="currentColor"
      d="M23.1 20.2 13.3 2.4a1.5 1.5 0 0 0-2.6 0L.9 20.2A1.5 1.5 0 0 0 2.2 22.5h19.6a1.5 1.5 0 0 0 1.3-2.3ZM12 19a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3Zm1.2-5.2a1.2 1.2 0 0 1-2.4 0l-.5-6.1a1.7 1.7 0 1 1 3.4 0Z"
    />
  ),
});

export const ExternalIcon = createIcon({
  displayName: 'ExternalIcon',
  viewBox: '0 0 24 24',
  path: (
    <path
      fill="currentColor"
      d="M14 3h7v7h-2V6.4l-9.3 9.3-1.4-1.4L17.6 5H14V3ZM5 5h6v2H5v12h12v-6h2v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2Z"
    />
  ),
});

export const SearchIcon = createIcon({
  displayName: 'SearchIcon',
  viewBox: '0 0 24 24',
  path: (
    <path
      fill="currentColor"
      d="M10 2a8 8 0 0 1 6.3 12.9l5.4 5.4-1.4 1.4-5.4-5.4A8 8 0 1 1 10 2Zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12Z"
    />
  ),
});

/** The no-data illustration: an empty tray. */
export function NoDataIllustration() {
  return (
    <svg width="120" height="90" viewBox="0 0 120 90" aria-hidden="true" focusable="false">
      <ellipse cx="60" cy="80" rx="46" ry="6" fill="#E2E8F0" />
      <path
        d="M22 44 36 16h48l14 28v26a4 4 0 0 1-4 4H26a4 4 0 0 1-4-4Z"
        fill="#EDF2F7"
        stroke="#A0AEC0"
        strokeWidth="2"
      />
      <path d="M22 44h24a14 10 0 0 0 28 0h24" fill="none" stroke="#A0AEC0" strokeWidth="2" />
      <path d="M48 28h24M50 36h20" stroke="#CBD5E0" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
