import { describe, expect, it } from 'vitest';
import { dataUrl } from './device';

describe('dataUrl', () => {
  it("is the bytes' data URL, as FileReader.readAsDataURL gives it", () => {
    const bytes = new Uint8Array(70_000).map((_, i) => (i * 31) % 256);
    expect(dataUrl(bytes.buffer, 'image/png')).toBe(
      `data:image/png;base64,${Buffer.from(bytes).toString('base64')}`,
    );
    expect(dataUrl(new ArrayBuffer(0), 'image/jpeg')).toBe('data:image/jpeg;base64,');
  });
});
