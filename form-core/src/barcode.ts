/**
 * Scanning a code into a text field (issue 32): the formats the builder can accept, named as the
 * Barcode Detection API names them (`BarcodeDetector.getSupportedFormats()`), and the ui option that
 * turns scanning on for a text control (`options.scanFormats`).
 */
import type { UISchemaElement } from 'shared-contracts';

export const BARCODE_FORMATS = [
  { format: 'qr_code', label: 'QR Code' },
  { format: 'data_matrix', label: 'Data Matrix' },
  { format: 'code_128', label: 'Code 128' },
  { format: 'code_39', label: 'Code 39' },
  { format: 'code_93', label: 'Code 93' },
  { format: 'codabar', label: 'Codabar' },
  { format: 'ean_13', label: 'EAN-13' },
  { format: 'ean_8', label: 'EAN-8' },
  { format: 'upc_a', label: 'UPC-A' },
  { format: 'upc_e', label: 'UPC-E' },
  { format: 'itf', label: 'ITF' },
  { format: 'pdf417', label: 'PDF417' },
  { format: 'aztec', label: 'Aztec' },
] as const;

export type BarcodeFormatName = (typeof BARCODE_FORMATS)[number]['format'];

/** What a new scan field accepts: QR codes and the common 1D asset-tag codes. */
export const DEFAULT_SCAN_FORMATS: BarcodeFormatName[] = [
  'qr_code',
  'code_128',
  'code_39',
  'ean_13',
  'data_matrix',
];

const KNOWN = new Set<string>(BARCODE_FORMATS.map((f) => f.format));

/** The formats a control scans, or undefined when it is not a scan field. Unknown names are dropped. */
export function scanFormatsOf(
  el: Pick<UISchemaElement, 'options'> | undefined,
): BarcodeFormatName[] | undefined {
  const raw = el?.options?.scanFormats;
  if (!Array.isArray(raw)) return undefined;
  const list = raw.filter((f): f is BarcodeFormatName => typeof f === 'string' && KNOWN.has(f));
  return list.length > 0 ? list : [...DEFAULT_SCAN_FORMATS];
}

/** 'QR Code, Code 128'. */
export const formatLabels = (formats: readonly string[]): string =>
  formats.map((f) => BARCODE_FORMATS.find((x) => x.format === f)?.label ?? f).join(', ');
