import { describe, expect, it } from 'vitest';
import type { FileNode, LocalSubmission, NewSubmissionInput, WriteResult } from 'shared-contracts';
import { recordCompletion, resizedPhotos } from './complete';

/** The offline store's writes the completion uses, in memory; `failAttach` refuses the nth photo. */
function store(failAttach?: number) {
  const records = new Map<string, Partial<LocalSubmission>>();
  const calls: string[] = [];
  let attached = 0;
  return {
    records,
    calls,
    create: async (input: NewSubmissionInput): Promise<WriteResult<LocalSubmission>> => {
      calls.push('create');
      const rec = {
        id: 'c1',
        formId: input.formId,
        formName: input.formName,
        data: input.data ?? {},
        status: 'in progress',
      } as LocalSubmission;
      records.set(rec.id, rec);
      return { ok: true, value: rec };
    },
    attachFile: async (
      id: string,
      _file: Blob,
      name: string,
      path?: string,
    ): Promise<WriteResult<FileNode>> => {
      calls.push(`attach ${name} at ${path ?? ''}`);
      attached += 1;
      if (attached === failAttach) return { ok: false, message: 'Your device is out of storage space.' };
      return {
        ok: true,
        value: { ContentDocumentId: 'Unsynced', LocalId: `l${attached}`, Name: name, submissionId: id },
      };
    },
    submit: async (id: string, data: Record<string, unknown>): Promise<WriteResult<LocalSubmission>> => {
      calls.push('submit');
      const rec = { ...records.get(id), data, status: 'submitted' } as LocalSubmission;
      records.set(id, rec);
      return { ok: true, value: rec };
    },
    discard: async (id: string): Promise<WriteResult> => {
      calls.push('discard');
      records.delete(id);
      return { ok: true, value: undefined };
    },
  };
}

const task = { taskId: '00T5g000000001AAAA', subject: 'Replace the bulbs' };
const photo = (name: string) => ({ file: new Blob(['x']), name });

describe('marking an action done on the device', () => {
  it('stores a completion of the task with what was done and its photos, then submits it (queued)', async () => {
    const s = store();
    const r = await recordCompletion(s, task, '  Replaced both  ', [photo('a.jpg'), photo('b.jpg')]);
    expect(r).toEqual({ ok: true, value: 'c1' });
    expect(s.calls).toEqual(['create', 'attach a.jpg at Photos', 'attach b.jpg at Photos', 'submit']);
    expect(s.records.get('c1')).toMatchObject({
      formId: task.taskId,
      formName: 'Replace the bulbs',
      status: 'submitted',
      data: {
        Done: 'Replaced both',
        Photos: [
          { ContentDocumentId: 'Unsynced', LocalId: 'l1', Name: 'a.jpg', submissionId: 'c1' },
          { ContentDocumentId: 'Unsynced', LocalId: 'l2', Name: 'b.jpg', submissionId: 'c1' },
        ],
      },
    });
  });

  it('leaves nothing behind when a photo cannot be stored, and says why', async () => {
    const s = store(2);
    const r = await recordCompletion(s, task, 'Fixed', [photo('a.jpg'), photo('b.jpg')]);
    expect(r).toEqual({ ok: false, message: 'Your device is out of storage space.' });
    expect(s.calls.at(-1)).toBe('discard');
    expect(s.records.size).toBe(0);
  });
});

describe('the photos picked for a completion', () => {
  const file = (name: string) => new File(['x'.repeat(100)], name, { type: 'image/jpeg' });
  it('are each resized; a non-picture is named and left out; without the resizer a picture goes as taken', async () => {
    const resize = async (f: File): Promise<File> => {
      if (f.name === 'notes.txt') throw Object.assign(new Error('unreadable'), { unreadable: true });
      if (f.name === 'offline.heic') throw new Error('Loading chunk photo-resize failed');
      return new File(['y'], f.name.replace(/\.\w+$/, '.jpg'), { type: 'image/jpeg' });
    };
    const r = await resizedPhotos([file('IMG_1.HEIC'), file('notes.txt'), file('offline.heic')], resize);
    expect(r.unreadable).toEqual(['notes.txt']);
    expect(r.photos.map((p) => [p.name, p.file.size])).toEqual([
      ['IMG_1.jpg', 1],
      ['offline.heic', 100],
    ]);
  });
});
