/** Texts of the location and scan controls (issue 32; the spec has none). */
import { defineTexts } from 'shared-contracts';
import type { GeoFailure } from './geolocate';
import type { ScanFailure } from './scan-failure';

export const LOCATION_TEXTS = defineTexts('location', {
  get: 'Get location',
  refresh: 'Refresh location',
  locating: 'Getting location…',
  clear: 'Clear',
  typeIt: 'Enter coordinates',
  latitude: 'Latitude',
  longitude: 'Longitude',
  use: 'Use these coordinates',
  cancel: 'Cancel',
  badCoordinates: 'Enter a latitude from -90 to 90 and a longitude from -180 to 180, in decimal degrees.',
  openMap: 'Open in map',
  typed: 'Typed by hand',
  taken: (when: string): string => `Taken ${when}`,
  /** The accuracies are given formatted (formatAccuracy): a translation places them, never computes them. */
  needs: (accuracy: string): string => `Needs accuracy of ${accuracy} or better.`,
  tooCoarseTyped: (needed: string): string =>
    `Typed coordinates have no accuracy; this field needs ${needed} or better. Get the location from the device.`,
  tooCoarse: (got: string, needed: string): string =>
    `Accuracy ±${got} is not good enough: this field needs ${needed} or better. Move to open sky and refresh.`,
  failure: (reason: GeoFailure, canType: boolean): string => {
    const orType = canType ? ' Or enter the coordinates by hand.' : '';
    switch (reason) {
      case 'denied':
        return `Location access is blocked for this site. Allow location in the browser's site settings, then try again.${orType}`;
      case 'timeout':
        return `Getting the location took too long. Move to open sky and try again.${orType}`;
      case 'insecure':
        return `Location needs a secure (https) connection to this app.${orType}`;
      case 'unsupported':
        return `This device cannot give its location.${orType}`;
      default:
        return `The device could not find its location. Check that location services are on, then try again.${orType}`;
    }
  },
} as const);

export const SCAN_TEXTS = defineTexts('scan', {
  scan: 'Scan code',
  title: 'Scan a code',
  starting: 'Starting camera…',
  pointAt: (formats: string): string => `Point the camera at the code (${formats}).`,
  cancel: 'Cancel',
} as const);

/** Why the scanner did not start, per ScanFailure (its kinds are not ICU select keys, hence one text each). */
export const SCAN_FAILURE_TEXTS = defineTexts('scanFailure', {
  denied:
    "Camera access is blocked for this site. Allow the camera in the browser's site settings, or type the code.",
  noCamera: 'No camera was found on this device. Type the code instead.',
  inUse: 'The camera is in use by another app. Close it and try again, or type the code.',
  insecure: 'The camera needs a secure (https) connection to this app. Type the code instead.',
  unsupported: 'This browser cannot scan codes. Type the code instead.',
  other: 'The scanner could not start. Try again, or type the code.',
} as const);

const SCAN_FAILURE_KEYS: Partial<Record<ScanFailure, keyof typeof SCAN_FAILURE_TEXTS>> = {
  denied: 'denied',
  'no-camera': 'noCamera',
  'in-use': 'inUse',
  insecure: 'insecure',
  unsupported: 'unsupported',
};

export const scanFailureText = (reason: ScanFailure): string =>
  SCAN_FAILURE_TEXTS[SCAN_FAILURE_KEYS[reason] ?? 'other'];
