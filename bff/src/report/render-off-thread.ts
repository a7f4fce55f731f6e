/**
 * Renders a report on a worker thread of its own (render-worker.ts), so the BFF's event loop keeps
 * answering requests while a PDF is laid out. One thread: the queue renders one report at a time
 * (org-report.ts). Where a worker cannot start (a runtime without tsx's loader for it, as in-process
 * test runners), the report renders on this thread instead, as before.
 */
import { Worker } from 'node:worker_threads';
import type { ReportImages, ReportModel } from 'report';
import { renderReportPdf } from 'report/pdf-node';

type Pending = { resolve: (pdf: Uint8Array) => void; reject: (err: Error) => void };

let worker: Worker | undefined;
let unavailable = false;
let seq = 0;
const pending = new Map<number, Pending>();

function start(): Worker {
  const file = new URL('./render-worker.ts', import.meta.url).href;
  // The worker loads TypeScript through tsx's API, as `tsx src/main.ts` loads the BFF.
  const api = import.meta.resolve('tsx/esm/api');
  const w = new Worker(
    `import(${JSON.stringify(api)}).then((m) => m.tsImport(${JSON.stringify(file)}, ${JSON.stringify(file)}))`,
    { eval: true },
  );
  w.on('message', (m: { id: number; pdf?: Uint8Array; error?: string }) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.pdf) p.resolve(m.pdf);
    else p.reject(new Error(m.error ?? 'The report was not rendered.'));
    if (pending.size === 0) w.unref();
  });
  const fail = (err: Error): void => {
    if (worker === w) worker = undefined;
    for (const [id, p] of pending) {
      pending.delete(id);
      p.reject(Object.assign(err, { workerFailed: true }));
    }
  };
  w.on('error', (err) => fail(err));
  w.on('exit', (code) => fail(new Error(`The report renderer stopped (${code}).`)));
  w.unref();
  return w;
}

/** The PDF of a report, rendered off this thread when it can be. */
export async function renderOffThread(model: ReportModel, images: ReportImages): Promise<Uint8Array> {
  if (unavailable) return renderReportPdf(model, images);
  try {
    const w = (worker ??= start());
    const id = ++seq;
    w.ref();
    return await new Promise<Uint8Array>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      w.postMessage({ id, model, images: [...images] });
    });
  } catch (err) {
    if ((err as { workerFailed?: boolean }).workerFailed || !(err instanceof Error) || !worker) {
      // no worker here (it could not start or load): this thread renders from now on
      unavailable = true;
      return renderReportPdf(model, images);
    }
    throw err;
  }
}
