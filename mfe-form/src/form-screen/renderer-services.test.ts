import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MESSAGES,
  MESSAGES_EN,
  fileTypeRefusedMessage,
  setTextTranslator,
  type FileMeta,
} from 'shared-contracts';
import { apiError, callsOf, fakeHost, settable } from 'test-kit';
import { awaitUpload, buildRendererServices } from './renderer-services';

const item = { ContentDocumentId: '069000000000001AAA', LocalId: 'l1', Name: 'photo.jpg' };
const PREVIEW = `/api/files/${item.ContentDocumentId}/preview`;

function services(host = fakeHost()) {
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

  it("a file on the device: listed without its bytes, only the previewed file's bytes opened, its URL revoked when it leaves the screen", async () => {
    const made: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      made.push(b as Blob);
      return `blob:preview-${made.length}`;
    });
    const revoked: string[] = [];
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation((u) => void revoked.push(u));
    const meta = (LocalId: string, Name: string): FileMeta => ({
      LocalId,
      Name,
      type: 'image/jpeg',
      ContentDocumentId: '',
      error: null,
      status: 'Unsynced',
      path: 'photos',
      submissionId: 's1',
      organizationId: 'org',
      progress: -1,
    });
    const host = fakeHost();
    const listed = settable<FileMeta[]>([meta('l1', 'a.jpg'), meta('l2', 'b.jpg'), meta('l3', 'c.jpg')]);
    host.offline.fileList = () => listed;
    host.offline.filesOf = () => {
      throw new Error('filesOf opens every file: the form screen lists with fileList');
    };
    const opened: string[] = [];
    host.offline.fileBytes = async (localId) => {
      opened.push(localId);
      return { bytes: new TextEncoder().encode(`bytes of ${localId}`).buffer, type: 'image/jpeg' };
    };
    const built = buildRendererServices({
      host,
      submissionId: 's1',
      formName: 'Audit',
      user: undefined,
      print: () => undefined,
    });
    const local = { ContentDocumentId: '', LocalId: 'l2', Name: 'b.jpg' };
    expect(built.hasUploadRecord?.(local)).toBe(true);
    expect(built.hasUploadRecord?.({ ...local, LocalId: 'gone' })).toBe(false);
    expect(opened).toEqual([]); // listing opened nothing
    const url = await built.getFilePreview?.(local);
    expect(url).toBe('blob:preview-1');
    expect(opened).toEqual(['l2']);
    expect(made[0]).toMatchObject({ size: 'bytes of l2'.length, type: 'image/jpeg' });
    expect(callsOf(host, 'api.GET')).toEqual([]); // never asked of the BFF
    built.releaseFilePreview?.(url as string);
    expect(revoked).toEqual(['blob:preview-1']);
    built.releaseFilePreview?.(url as string); // once only
    const other = await built.getFilePreview?.({ ...local, LocalId: 'l3', Name: 'c.jpg' });
    built.dispose();
    expect(revoked).toEqual(['blob:preview-1', other]);
  });
});

describe('waiting for an upload', () => {
  afterEach(() => setTextTranslator(null));

  it('a network failure rejects with the token the file control reads, in any language (Spanish here)', async () => {
    // the file control shows "waiting for the network" only for this token, and words it itself
    setTextTranslator((key, _args, english) =>
      key === 'messages.networkError' ? 'Error de red' : english(),
    );
    const host = fakeHost();
    host.onlineState.set(false);
    host.offline.fileList = () =>
      settable<FileMeta[]>([
        { ...item, ContentDocumentId: 'Unsynced', status: 'Unsynced', error: null, progress: -1 } as FileMeta,
      ]);
    const offline = awaitUpload(host, 's1', 'l1', () => undefined, { cancelled: false, stops: new Set() });
    await expect(offline).rejects.toThrow(new Error(MESSAGES_EN.networkError));
    host.onlineState.set(true);
    host.offline.fileList = () =>
      settable<FileMeta[]>([
        {
          ...item,
          ContentDocumentId: 'Unsynced',
          status: 'Unsynced',
          error: MESSAGES_EN.networkError,
          progress: -1,
        } as FileMeta,
      ]);
    const failed = awaitUpload(host, 's1', 'l1', () => undefined, { cancelled: false, stops: new Set() });
    await expect(failed).rejects.toThrow(new Error(MESSAGES_EN.networkError));
  });
});

// Issue 44: the file card words a refused upload as the outbox does, in the user's language.
describe("a refused upload's reason", () => {
  afterEach(() => setTextTranslator(null));

  it("is the host record's last error, worded by its code in the user's language; none for a file without one", () => {
    setTextTranslator((key, args, english) =>
      key === 'apiErrors.executableFile' ? 'no se permiten archivos ejecutables' : english(),
    );
    const host = fakeHost();
    const refused = {
      ...item,
      LocalId: 'l2',
      ContentDocumentId: 'Unsynced',
      status: 'Unsynced',
      error: 'Upload failed',
      progress: -1,
      delivery: {
        attempts: 1,
        nextAttemptAt: 0,
        lastError: `${MESSAGES_EN.serverErrorPrefix}${fileTypeRefusedMessage('executable')}`,
        lastErrorWording: { code: 'FILE_TYPE_REFUSED', params: { kind: 'executable' } },
      },
    } as unknown as FileMeta;
    host.offline.fileList = () => settable<FileMeta[]>([refused]);
    const { built } = services(host);
    expect(built.uploadFailureReason?.({ LocalId: 'l2', Name: 'tool.png', ContentDocumentId: '' })).toMatch(
      /no se permiten archivos ejecutables$/,
    );
    expect(
      built.uploadFailureReason?.({ LocalId: 'other', Name: 'x.pdf', ContentDocumentId: '' }),
    ).toBeUndefined();
  });
});
