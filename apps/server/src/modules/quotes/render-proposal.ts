import { PDFDocument, StandardFonts, type PDFPage } from 'pdf-lib';
import { formatMoney } from '@noise/shared/pricing';
import {
  depositLabel,
  quoteParts,
  splitCommaList,
  type ProposalSnapshot,
} from '@noise/shared/quote';
import {
  ACCENT,
  BAND,
  drawText,
  INK,
  invoiceDate,
  MUTED,
  printable,
  RULE,
  wrap,
  type TextOptions,
} from '../invoices/render-invoice.ts';

export interface SignedProposal {
  snapshot: ProposalSnapshot;
  signedName: string;
  signedAt: Date;
  ip: string;
  /** Staff who recorded an acceptance given on paper; null or absent when signed on the page. */
  recordedBy?: string | null;
  contentHash: string;
  timeZone?: string;
}

/**
 * The signed proposal (docs/decisions/077-proposals.md): what the customer read, drawn from the
 * snapshot kept with their signature, and the signature itself (name, time, address and the
 * content's hash). The same snapshot always draws the same document, as invoices do.
 */
export async function renderProposalPdf(data: SignedProposal): Promise<Buffer> {
  const s = data.snapshot;
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Proposal: ${printable(s.name)}`);
  pdf.setAuthor(printable(s.companyName));
  pdf.setCreationDate(data.signedAt);
  pdf.setModificationDate(data.signedAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [W, H] = [595.28, 841.89];
  const M = 50;
  let page: PDFPage = pdf.addPage([W, H]);
  let y = H - M;
  const date = (d: Date | string) => invoiceDate(new Date(d), data.timeZone);

  const text = (value: string, x: number, at: number, options: TextOptions = {}) =>
    drawText(page, regular, value, x, at, options);
  const need = (height: number) => {
    if (y - height >= M) return;
    page = pdf.addPage([W, H]);
    y = H - M;
  };
  const paragraph = (value: string, options: { size?: number; color?: typeof INK } = {}) => {
    const size = options.size ?? 10;
    for (const para of value.split(/\n+/)) {
      for (const line of wrap(para, regular, size, W - 2 * M)) {
        need(size + 4);
        text(line, M, y, { size, color: options.color });
        y -= size + 4;
      }
      y -= 4;
    }
  };
  const heading = (value: string) => {
    need(34);
    y -= 10;
    text(value.toUpperCase(), M, y, { size: 9, font: bold, color: ACCENT });
    y -= 16;
  };
  const row = (label: string, value: string, strong = false) => {
    need(18);
    const font = strong ? bold : regular;
    text(label, M, y, { font });
    text(value, W - M, y, { font, align: 'right' });
    y -= 18;
  };

  text(s.companyName, M, y, { size: 12, font: bold });
  text('Signed proposal', W - M, y, { size: 12, font: bold, color: ACCENT, align: 'right' });
  y -= 34;
  for (const line of wrap(s.name, bold, 20, W - 2 * M)) {
    need(26);
    text(line, M, y, { size: 20, font: bold });
    y -= 26;
  }
  const facts = [
    s.preparedFor ? `Prepared for ${s.preparedFor}` : '',
    s.preparedBy ? `by ${s.preparedBy}` : '',
    s.issuedAt ? `Issued ${date(s.issuedAt)}` : '',
    s.validUntil ? `Valid until ${date(s.validUntil)}` : '',
    `Version ${s.version}`,
  ].filter(Boolean);
  text(facts.join(' · '), M, y, { size: 9, color: MUTED });
  y -= 20;

  if (s.summary) {
    heading('Summary');
    paragraph(s.summary);
  }
  heading('Scope');
  const list = (title: string, items: string[]) => {
    if (items.length === 0) return;
    need(16);
    text(title, M, y, { font: bold });
    y -= 15;
    for (const item of items) paragraph(`- ${item}`);
  };
  list('Deliverables', splitCommaList(s.deliverables));
  list('Extras', splitCommaList(s.extras));
  need(16);
  text(`Timeline: delivered within ${s.deliveryDays} working days of your brief.`, M, y);
  y -= 18;

  heading('Investment');
  const parts = quoteParts(s);
  row('Price', formatMoney(parts.total.totalCents, s.currency));
  row('GST', formatMoney(parts.total.gstCents, s.currency));
  page.drawLine({ start: { x: M, y: y + 12 }, end: { x: W - M, y: y + 12 }, color: RULE });
  row('Total (inc. GST)', formatMoney(parts.total.totalWithGstCents, s.currency), true);
  if (parts.deposit && parts.balance) {
    row(
      `${depositLabel(s)} due on acceptance`,
      formatMoney(parts.deposit.totalWithGstCents, s.currency),
    );
    row(
      'Balance due when the work is ready',
      formatMoney(parts.balance.totalWithGstCents, s.currency),
    );
  }

  if (s.terms) {
    heading('Terms');
    paragraph(s.terms, { size: 9 });
  }

  need(96);
  y -= 12;
  page.drawRectangle({ x: M, y: y - 70, width: W - 2 * M, height: 82, color: BAND });
  const when = `on ${date(data.signedAt)} at ${data.signedAt.toISOString()}`;
  // An acceptance given on paper is not a signature made here: the document says who recorded it.
  text(data.recordedBy ? 'Accepted on paper' : 'Accepted and signed', M + 12, y - 6, {
    font: bold,
    size: 11,
  });
  text(data.signedName, M + 12, y - 26, { font: bold, size: 14 });
  text(
    data.recordedBy
      ? `Accepted on paper, recorded by ${data.recordedBy} ${when}`
      : `${when} from ${data.ip}`,
    M + 12,
    y - 44,
    { size: 9, color: MUTED },
  );
  text(`Content SHA-256: ${data.contentHash}`, M + 12, y - 60, { size: 7, color: MUTED });
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

/** 'proposal-launch-campaign-signed.pdf' */
export function signedProposalFilename(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `proposal-${slug || 'signed'}-signed.pdf`;
}
