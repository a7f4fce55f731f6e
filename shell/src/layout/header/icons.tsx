import { createIcon } from '@chakra-ui/react';
import { CLOUD_OFF_PATH } from './icon-paths';

export const HelpIcon = createIcon({
  displayName: 'HelpIcon',
  viewBox: '0 0 24 24',
  path: (
    <path
      fill="currentColor"
      d="M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm0 15a1.3 1.3 0 1 0 0 2.6 1.3 1.3 0 0 0 0-2.6Zm0-11a4 4 0 0 0-4 4h2a2 2 0 1 1 2 2 1 1 0 0 0-1 1v2h2v-1.1A4 4 0 0 0 12 6Z"
    />
  ),
});

export const BellIcon = createIcon({
  displayName: 'BellIcon',
  viewBox: '0 0 24 24',
  path: (
    <path
      fill="currentColor"
      d="M12 22a2.5 2.5 0 0 0 2.4-2h-4.8A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.8V3.5a1.5 1.5 0 0 0-3 0v.7A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z"
    />
  ),
});

export const CloudOffIcon = createIcon({
  displayName: 'CloudOffIcon',
  viewBox: '0 0 24 24',
  path: <path fill="currentColor" d={CLOUD_OFF_PATH} />,
});

/** Items waiting to sync (the phone header shows this with the count instead of the words). */
export const CloudUploadIcon = createIcon({
  displayName: 'CloudUploadIcon',
  viewBox: '0 0 24 24',
  path: (
    <path
      fill="currentColor"
      d="M19.35 10.04A7.49 7.49 0 0 0 12 4C9.11 4 6.6 5.64 5.35 8.04A5.99 5.99 0 0 0 0 14c0 3.31 2.69 6 6 6h13c2.76 0 5-2.24 5-5 0-2.64-2.05-4.78-4.65-4.96ZM14 13v4h-4v-4H7l5-5 5 5h-3Z"
    />
  ),
});
