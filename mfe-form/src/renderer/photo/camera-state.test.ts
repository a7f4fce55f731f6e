import { describe, expect, it } from 'vitest';
import { cameraStateOf } from './camera-state';

describe('cameraStateOf', () => {
  it('offers the camera on a phone or tablet unless it is blocked or missing', () => {
    expect(cameraStateOf({ coarsePointer: true, permission: undefined, videoInputs: undefined })).toBe(
      'available',
    );
    expect(cameraStateOf({ coarsePointer: true, permission: 'prompt', videoInputs: 2 })).toBe('available');
    expect(cameraStateOf({ coarsePointer: true, permission: 'denied', videoInputs: 2 })).toBe('blocked');
    expect(cameraStateOf({ coarsePointer: true, permission: 'granted', videoInputs: 0 })).toBe('missing');
    // A refusal says more than a missing device (Chromium lists no device once blocked).
    expect(cameraStateOf({ coarsePointer: true, permission: 'denied', videoInputs: 0 })).toBe('blocked');
  });
  it('uses the file picker on a desktop (fine pointer), whatever the camera', () => {
    expect(cameraStateOf({ coarsePointer: false, permission: 'denied', videoInputs: 0 })).toBe('desktop');
  });
});
