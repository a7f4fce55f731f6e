import 'test-kit/jsdom-setup';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from 'shared-contracts';
import { fakeHost } from 'test-kit';
import { readCanvasContext, resetCanvasMemory, restoreCanvasContext, storeCanvasContext } from './storage';

const ctx = {
  instanceId: 'canvas-instance-42',
  targetOrigin: 'https://acme-corp.lightning.force.com',
  instanceUrl: 'https://acme-corp.my.salesforce.com',
  allowedOrigins: ['https://acme-corp--c.vf.force.com'],
  recordUrl: 'https://acme-corp.lightning.force.com/lightning/r/Account/001xx/view',
};

afterEach(() => {
  resetCanvasMemory();
  window.sessionStorage.clear();
});

describe("the canvas context kept for the org's frame", () => {
  it('is kept sealed (issue 45): none of the org URLs or ids as text, the spec key included', async () => {
    const { sealed } = fakeHost();
    await storeCanvasContext(ctx, sealed);
    expect(readCanvasContext()).toEqual(ctx);
    expect(window.sessionStorage.getItem(STORAGE_KEYS.targetOrigin)).not.toBeNull();
    const dump = JSON.stringify({ ...window.sessionStorage });
    for (const value of ['acme-corp', 'canvas-instance-42', 'lightning', '001xx'])
      expect(dump).not.toContain(value);
  });

  it('a reloaded frame opens what it kept; another device (or a clear value) opens nothing', async () => {
    const host = fakeHost();
    await storeCanvasContext(ctx, host.sealed);
    resetCanvasMemory(); // the frame reloaded
    expect(readCanvasContext()).toBeNull();
    expect(await restoreCanvasContext(host.sealed)).toEqual(ctx);
    expect(readCanvasContext()).toEqual(ctx);

    resetCanvasMemory();
    expect(await restoreCanvasContext(fakeHost().sealed)).toBeNull();
    window.sessionStorage.setItem('cq.canvasContext', JSON.stringify(ctx));
    expect(await restoreCanvasContext(host.sealed)).toBeNull();
  });
});
