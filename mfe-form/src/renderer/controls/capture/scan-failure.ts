/** Why a scan could not start, from the error getUserMedia or the detector threw. */
export type ScanFailure = 'denied' | 'no-camera' | 'in-use' | 'insecure' | 'unsupported' | 'failed';

export function scanFailureOf(e: unknown): ScanFailure {
  const name =
    e instanceof Error || (typeof e === 'object' && e !== null) ? (e as { name?: string }).name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'no-camera';
    case 'NotReadableError':
    case 'AbortError':
      return 'in-use';
    default:
      return 'failed';
  }
}
