import { useObservable } from 'ui-kit/use-observable';
import { offlineReadiness } from '../../sw/offline-copy-client';
import { HEADER_TEXTS } from './texts';

// A cloud with a check mark: the app is on this device.
const CLOUD_DONE_PATH =
  'M19.4 10A7 7 0 0 0 6.1 8 6 6 0 0 0 6 20h13a5 5 0 0 0 .4-10ZM10 17l-3.5-3.5 1.4-1.4 2.1 2.1 5.2-5.2 1.4 1.4Z';

/** Megabytes to one decimal, the way a storage setting shows them. */
export function formatStorage(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The header's quiet sign that the whole app is on this device (the offline copy is complete), with the
 * space its storage takes; nothing until then. Plain React (both headers draw it: LightHeader.tsx).
 */
export function OfflineReady() {
  const readiness = useObservable(offlineReadiness);
  if (readiness.status !== 'ready') return null;
  const label =
    readiness.usageBytes === null
      ? HEADER_TEXTS.offlineReady
      : HEADER_TEXTS.offlineReadyUsing(formatStorage(readiness.usageBytes));
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-testid="offline-ready"
      style={{ display: 'inline-flex' }}
    >
      <svg
        viewBox="0 0 24 24"
        width="20"
        height="20"
        aria-hidden="true"
        focusable="false"
        style={{ display: 'block' }}
      >
        <path fill="currentColor" d={CLOUD_DONE_PATH} />
      </svg>
    </span>
  );
}
