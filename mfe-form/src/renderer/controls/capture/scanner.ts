/**
 * The code scanner, loaded only when a scan field opens the camera (a chunk of its own, so forms
 * without one and the home screen never fetch it). The browser's BarcodeDetector where it exists and
 * reads every format asked for; elsewhere (Firefox, Safari, desktop Chromium on Linux and Windows)
 * the `barcode-detector` ponyfill on ZXing's WebAssembly, whose .wasm comes from this build (the
 * package's default is a CDN: a field device offline, or a network that blocks it, could not scan).
 */
import type { BarcodeFormatName } from 'form-core';

export interface Detected {
  rawValue: string;
  format: string;
}

export interface Detector {
  detect(source: HTMLVideoElement): Promise<Detected[]>;
  /** 'native' or 'zxing': which one reads (diagnostics and tests). */
  kind: 'native' | 'zxing';
}

interface NativeDetectorClass {
  new (opts: { formats: string[] }): { detect(s: HTMLVideoElement): Promise<Detected[]> };
  getSupportedFormats(): Promise<string[]>;
}

// Webpack emits the file with a content hash beside this chunk and resolves the URL at run time.
const ZXING_WASM_URL = new URL('zxing-wasm/reader/zxing_reader.wasm', import.meta.url).href;

let zxingReady = false;

export async function createDetector(formats: readonly BarcodeFormatName[]): Promise<Detector> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (Native) {
    try {
      const supported = await Native.getSupportedFormats();
      if (formats.every((f) => supported.includes(f))) {
        const d = new Native({ formats: [...formats] });
        return { kind: 'native', detect: (s) => d.detect(s) };
      }
    } catch {
      // a detector that cannot tell its formats: the ponyfill reads instead
    }
  }
  const { BarcodeDetector, prepareZXingModule } = await import(
    /* webpackChunkName: "barcode-zxing" */ 'barcode-detector/ponyfill'
  );
  if (!zxingReady) {
    // Loads the .wasm now, so a failure to fetch it is a failure to start, not a scan that never reads.
    await prepareZXingModule({
      overrides: {
        locateFile: (path: string, prefix: string) =>
          path.endsWith('.wasm') ? ZXING_WASM_URL : prefix + path,
      },
      fireImmediately: true,
    });
    zxingReady = true;
  }
  const d = new BarcodeDetector({ formats: [...formats] });
  return { kind: 'zxing', detect: (s) => d.detect(s) as Promise<Detected[]> };
}

/** The back camera when there is one (phones), any camera otherwise. */
export function openCamera(): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({
    video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
    audio: false,
  });
}
