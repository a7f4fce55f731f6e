import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from 'shared-contracts';
import { apiError, callsOf, fakeHost } from 'test-kit';
import { buildRendererServices } from './renderer-services';

const item = { ContentDocumentId: '069000000000001AAA', LocalId: 'l1', Name: 'photo.jpg' };
const PREVIEW = `/api/files/${item.ContentDocumentId}/preview`;

function services() {
  const host = fakeHost();
  const built = buildRendererServices({
    host,
    submissionId: 's1',
    formName: 'Audit',
    user: undefined,
    print: () => undefined,
  });
  return { host, built };
}

describe("the renderer's file previews", () => {
  afterEach(() => vi.restoreAllMocks());

  it("a file that is only in the org is previewed through the host's client (no fetch of its own)", async () => {
    const made: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      made.push(b as Blob);
      return 'blob:preview';
    });
    const { host, built } = services();
    host.routes.set(`GET ${PREVIEW}`, () => new Blob(['jpeg-bytes'], { type: 'image/jpeg' }));
    expect(await built.getFilePreview?.(item)).toBe('blob:preview');
    expect(callsOf(host, 'api.GET').map((c) => c[1])).toEqual([PREVIEW]);
    expect(made[0]).toMatchObject({ size: 'jpeg-bytes'.length, type: 'image/jpeg' });
  });

  it('no preview when the BFF refuses it; no answer at all is an error', async () => {
    const { host, built } = services();
    host.routes.set(`GET ${PREVIEW}`, () => {
      throw apiError(404, 'Not found.');
    });
    expect(await built.getFilePreview?.(item)).toBeUndefined();
    host.routes.set(`GET ${PREVIEW}`, () => {
      throw apiError(0, MESSAGES.networkError, true);
    });
    await expect(built.getFilePreview?.(item)).rejects.toMatchObject({ kind: 'network' });
  });
});
