/**
 * POSTs a streamed body with node:http(s) and a pipeline: the body is pulled only as fast as the
 * socket drains (backpressure), an error in the body or an abort destroys the request (the org
 * discards the partial upload), and the answer is read up to a small limit.
 */
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { pipeline } from 'node:stream/promises';

export interface StreamedAnswer {
  status: number;
  text: string;
}

/** Answers bigger than this are cut (an upload's answer is a small JSON file detail). */
const MAX_ANSWER_BYTES = 1 << 20;

export async function postStream(
  url: URL,
  headers: Record<string, string>,
  body: AsyncIterable<Buffer>,
  signal?: AbortSignal,
): Promise<StreamedAnswer> {
  const request = (url.protocol === 'https:' ? https : http).request(url, {
    method: 'POST',
    headers,
    ...(signal ? { signal } : {}),
  });
  const answered = new Promise<IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  // The body's own failure (too large, the browser went away) is the reason to report, not the
  // socket error it causes.
  const sent = pipeline(body, request);
  const bodyFailed = sent.then(
    () => new Promise<never>(() => undefined),
    (err: unknown) => Promise.reject(err),
  );
  bodyFailed.catch(() => undefined);
  answered.catch(() => undefined);
  const res = await Promise.race([answered, bodyFailed]);
  try {
    const chunks: Buffer[] = [];
    let have = 0;
    for await (const chunk of res as AsyncIterable<Buffer>) {
      if (have < MAX_ANSWER_BYTES) chunks.push(chunk);
      have += chunk.length;
    }
    return { status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') };
  } finally {
    // an org that answered before taking the whole body (an error) gets no more of it
    if (!request.writableFinished) request.destroy();
  }
}
