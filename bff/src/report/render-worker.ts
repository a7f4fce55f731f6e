/**
 * The report renderer's thread (render-off-thread.ts): pdfmake lays out and writes a PDF in one
 * synchronous stretch (hundreds of ms for a report of 30 photos), which on the BFF's own thread would
 * hold every request meanwhile.
 */
import { parentPort } from 'node:worker_threads';
import type { ReportModel } from 'report';
import { renderReportPdf } from 'report/pdf-node';

interface Job {
  id: number;
  model: ReportModel;
  images: [string, string][];
}

parentPort?.on('message', (job: Job) => {
  renderReportPdf(job.model, new Map(job.images)).then(
    (pdf) => parentPort?.postMessage({ id: job.id, pdf }, [pdf.buffer as ArrayBuffer]),
    (err: unknown) =>
      parentPort?.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) }),
  );
});
