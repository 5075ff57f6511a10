// The script of the invoice worker thread (render-pool.ts): built to dist/invoice-worker.js.
import { renderInvoicePdf, type InvoiceData } from './render-invoice.ts';

export default function render(data: InvoiceData): Promise<Buffer> {
  return renderInvoicePdf(data);
}
