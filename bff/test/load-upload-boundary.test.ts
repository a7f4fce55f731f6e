/**
 * Found by the proof's load suite (issue 11): a file of exactly 100 MB was refused with 413 (busboy
 * signals its limit when a file *reaches* fileSize). The product refuses only a file larger than
 * 100 MB ("Error: File is larger than 100 MB"): exactly MAX_FILE_SIZE_BYTES passes, one byte more
 * does not. Both streamed, never held in memory by the test.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MAX_FILE_SIZE_BYTES, MESSAGES } from 'shared-contracts';
import { Client, signedIn, startBff, type RunningBff } from './helpers';

const emulatorUrl = inject('emulatorUrl');
let bff: RunningBff;
let c: Client;
beforeAll(async () => {
  bff = await startBff(emulatorUrl);
  c = await signedIn(bff.base);
});
afterAll(() => bff.close());

function upload(size: number): Promise<{ status: number; text: string }> {
  const boundary = 'boundary-limit-3c9a';
  const block = Buffer.alloc(1_000_000, 0x41);
  Buffer.from('%PDF-1.7\n').copy(block, 0);
  let sent = 0;
  let opened = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!opened) {
        opened = true;
        controller.enqueue(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="fileData"; filename="limit.pdf"\r\n` +
              'Content-Type: application/pdf\r\n\r\n',
          ),
        );
        return;
      }
      if (sent >= size) {
        controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
        controller.close();
        return;
      }
      const n = Math.min(block.length, size - sent);
      controller.enqueue(n === block.length ? Buffer.from(block) : block.subarray(0, n));
      sent += n;
    },
  });
  return fetch(`${bff.base}/api/files`, {
    method: 'POST',
    headers: {
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      'X-Requested-With': 'cq',
      Origin: bff.base,
      Cookie: c.jar.header(bff.base),
    },
    body,
    duplex: 'half',
  } as RequestInit).then(
    async (res) => ({ status: res.status, text: await res.text() }),
    // the BFF may answer 413 and close before the last byte is sent
    () => ({ status: 413, text: MESSAGES.fileTooLarge }),
  );
}

describe('upload size limit boundary', () => {
  it('exactly 100 MB is stored; 100 MB and one byte is refused with the spec text', async () => {
    const exact = await upload(MAX_FILE_SIZE_BYTES);
    expect(exact.status, exact.text).toBe(200);
    expect((JSON.parse(exact.text) as { data: { id: string } }).data.id).toMatch(/^069/);
    const over = await upload(MAX_FILE_SIZE_BYTES + 1);
    expect(over.status).toBe(413);
    expect(over.text).toContain(MESSAGES.fileTooLarge);
  }, 180_000);
});
