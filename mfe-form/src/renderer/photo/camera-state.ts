/**
 * Whether this device can take a photo from the page: a phone or tablet (coarse pointer) with a
 * camera the site may use. Read from the Permissions API and the device list, both of which answer
 * without asking the user anything; a refusal made later (the permission turning 'denied') updates it.
 */
import { useEffect, useState } from 'react';

export type CameraState = 'available' | 'blocked' | 'missing' | 'desktop';

/** The state from what the browser says (pure: the hook below feeds it). */
export function cameraStateOf(input: {
  coarsePointer: boolean;
  permission: PermissionState | undefined;
  videoInputs: number | undefined;
}): CameraState {
  if (!input.coarsePointer) return 'desktop';
  if (input.permission === 'denied') return 'blocked';
  if (input.videoInputs === 0) return 'missing';
  return 'available';
}

export function useCameraState(): CameraState {
  const [state, setState] = useState<CameraState>(() =>
    cameraStateOf({ coarsePointer: coarse(), permission: undefined, videoInputs: undefined }),
  );
  useEffect(() => {
    let live = true;
    let status: PermissionStatus | undefined;
    let permission: PermissionState | undefined;
    let videoInputs: number | undefined;
    const update = () =>
      live && setState(cameraStateOf({ coarsePointer: coarse(), permission, videoInputs }));
    const onChange = () => {
      permission = status?.state;
      update();
    };
    navigator.permissions
      ?.query({ name: 'camera' as PermissionName })
      .then((s) => {
        status = s;
        permission = s.state;
        s.addEventListener('change', onChange);
        update();
      })
      .catch(() => undefined); // a browser that cannot say: the capture input still works
    navigator.mediaDevices
      ?.enumerateDevices()
      .then((devices) => {
        videoInputs = devices.filter((d) => d.kind === 'videoinput').length;
        update();
      })
      .catch(() => undefined);
    return () => {
      live = false;
      status?.removeEventListener('change', onChange);
    };
  }, []);
  return state;
}

const coarse = (): boolean =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(pointer: coarse)').matches
    : false;
