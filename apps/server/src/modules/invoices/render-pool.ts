import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { renderInvoicePdf, type InvoiceData } from './render-invoice.ts';

export type RenderInvoice = (data: InvoiceData) => Promise<Buffer>;

export interface InvoiceRenderer {
  render: RenderInvoice;
  close(): Promise<void>;
}

/**
 * Renders tax invoices on a worker thread (docs/performance.md, checkout): a PDF is 5 to 10 ms
 * of CPU that the receipt job would otherwise take from requests on the main thread, a burst of
 * them at every poll under load. One thread, started on the first invoice and ended after a
 * minute idle. The built server has the worker's script beside it (dist/invoice-worker.js); run
 * from source (tests, `npm run dev`) it renders in the process.
 */
export function createInvoiceRenderer(): InvoiceRenderer {
  const script = new URL('./invoice-worker.js', import.meta.url);
  if (!existsSync(fileURLToPath(script))) {
    return { render: renderInvoicePdf, close: async () => {} };
  }
  const pool = new Piscina<InvoiceData, Uint8Array>({
    filename: script.href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
  });
  return {
    async render(data) {
      const pdf = await pool.run(data);
      return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    },
    close: () => pool.destroy(),
  };
}
