import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatDay } from '@noise/shared/format-day';
import { formatMoney, GST_RATE_PERCENT, gstNotes } from '@noise/shared/pricing';

export interface InvoiceData {
  companyName: string;
  /** The seller's ABN; empty when unset, and then the document is an 'Invoice', not a tax invoice. */
  abn: string;
  /** The seller's postal address; empty when not set. */
  address?: string;
  /** The saved brand colour (#rrggbb) for the band and the title; empty for the documents' own. */
  brandColour?: string;
  /** The shop's uploaded logo (a PNG), drawn above its name; absent for the name alone. */
  logo?: { png: Uint8Array; width: number; height: number } | null;
  website: string;
  invoiceNumber: string;
  /** The order the payment belongs to (1001); null for a payment without a project. */
  orderNumber: number | null;
  issuedAt: Date;
  /** BUSINESS_TIMEZONE: the dates printed are days there. */
  timeZone?: string;
  /** The provider's transaction id. */
  paymentReference: string;
  currency: string;
  customer: { name: string; company: string; email: string; phone: string };
  lines: { description: string; amountCents: number }[];
  /** Before GST. */
  subtotalCents: number;
  gstCents: number;
  totalCents: number;
  /**
   * A quote's deposit: the balance still to pay after it, inc. GST (0, or absent, for a payment
   * that settles what it is for).
   */
  balanceOwingCents?: number;
  /** The part of the total the client's account credit paid (docs/decisions/107); the rest was the card's. */
  creditCents?: number;
  /** How the rest was paid, when not by card: 'bank transfer', 'cash'. */
  paidWith?: string;
  /**
   * Set for an adjustment note (a refund: the GST document for a decrease): the tax invoice it
   * adjusts and why. The amounts above are then what was refunded.
   */
  adjustment?: {
    originalInvoiceNumber: string;
    originalIssuedAt: Date;
    reason: string;
    /** The provider's refund id; empty while it has none. */
    refundReference: string;
    /** Given back as account credit rather than to the card. */
    toCredit?: boolean;
  };
}

/** The documents' colours: tax invoices, adjustment notes and signed proposals look alike. */
export const INK = rgb(0.11, 0.12, 0.15);
export const MUTED = rgb(0.42, 0.44, 0.5);
export const RULE = rgb(0.86, 0.87, 0.9);
export const ACCENT = rgb(0.93, 0.27, 0.2);

/** The documents' accent: the shop's brand colour when one is saved (#rrggbb), else ACCENT. */
export function accentOf(brandColour: string | undefined) {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(brandColour ?? '');
  if (!hex) return ACCENT;
  const [r, g, b] = hex.slice(1).map((part) => parseInt(part, 16) / 255) as [
    number,
    number,
    number,
  ];
  return rgb(r, g, b);
}
export const BAND = rgb(0.96, 0.96, 0.97);

export interface TextOptions {
  size?: number;
  font?: PDFFont;
  color?: typeof INK;
  align?: 'left' | 'right';
}

/** One line of text at (x, at) on the page, in `regular` unless told; right-aligned ends at x. */
export function drawText(
  page: PDFPage,
  regular: PDFFont,
  value: string,
  x: number,
  at: number,
  options: TextOptions = {},
) {
  const size = options.size ?? 10;
  const font = options.font ?? regular;
  const s = printable(value);
  const dx = options.align === 'right' ? font.widthOfTextAtSize(s, size) : 0;
  page.drawText(s, { x: x - dx, y: at, size, font, color: options.color ?? INK });
}

// The standard PDF fonts speak WinAnsi: other characters are replaced rather than failing.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export function printable(text: string): string {
  return Array.from(text.replace(/[\r\n\t]+/g, ' '), (ch) => {
    const code = ch.codePointAt(0)!;
    return (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)
      ? ch
      : '?';
  }).join('');
}

export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const words = printable(text).split(' ');
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

/** '01 Apr, 2026', on the calendar of `timeZone` (BUSINESS_TIMEZONE), else the server's. */
export const invoiceDate = (d: Date, timeZone?: string) => formatDay(d, timeZone);

/**
 * What the document is called. An Australian tax invoice must show the seller's ABN: without one
 * it is an 'Invoice', never a 'Tax invoice'.
 */
export const invoiceTitle = (abn: string) => (abn.trim() ? 'Tax invoice' : 'Invoice');

/** An adjustment note is the GST document for a decrease; without an ABN it is a credit note. */
export const adjustmentNoteTitle = (abn: string) =>
  abn.trim() ? 'Adjustment note' : 'Credit note';

/**
 * Breaks text without spaces (a payment reference) into lines of at most `width`, character by
 * character; the lines joined give the text back whole.
 */
function breakChars(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const ch of text) {
    if (line && font.widthOfTextAtSize(line + ch, size) > width) {
      lines.push(line);
      line = ch;
    } else line += ch;
  }
  return [...lines, line];
}

/** `text` in lines of at most `width` points, broken between words. */
function wrapWords(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A one-page (or longer) A4 tax invoice (an 'Invoice' when the seller has no ABN), with the
 * standard fonts only: works offline.
 */
export async function renderInvoicePdf(data: InvoiceData): Promise<Buffer> {
  const abn = data.abn.trim();
  const adjustment = data.adjustment;
  const title = adjustment ? adjustmentNoteTitle(abn) : invoiceTitle(abn);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${title} ${data.invoiceNumber}`);
  pdf.setAuthor(data.companyName);
  pdf.setCreationDate(data.issuedAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [W, H] = [595.28, 841.89];
  const M = 50;
  let page: PDFPage = pdf.addPage([W, H]);
  let y = H - M;

  const text = (value: string, x: number, at: number, options: TextOptions = {}) =>
    drawText(page, regular, value, x, at, options);
  const money = (cents: number) => formatMoney(cents, data.currency);

  // Header: company and document title.
  const accent = accentOf(data.brandColour);
  page.drawRectangle({ x: 0, y: H - 8, width: W, height: 8, color: accent });
  text(title.toUpperCase(), W - M, y - 12, { size: 20, font: bold, color: accent, align: 'right' });
  if (data.logo) {
    // At most 44 pt tall and 200 pt wide, its proportions kept; the name follows, smaller.
    const image = await pdf.embedPng(data.logo.png);
    const scale = Math.min(44 / data.logo.height, 200 / data.logo.width);
    const [w, h] = [data.logo.width * scale, data.logo.height * scale];
    page.drawImage(image, { x: M, y: y - h, width: w, height: h });
    y -= h + 8;
    text(data.companyName, M, y - 12, { size: 13, font: bold });
    y -= 26;
  } else {
    text(data.companyName, M, y - 12, { size: 20, font: bold });
    y -= 32;
  }
  if (abn) text(`ABN ${abn}`, M, y, { color: MUTED });
  text(data.website, M, y - 14, { color: MUTED });
  // The address under them, wrapped to the left column (the facts take the right).
  const addressLines = wrapWords(
    printable(data.address?.trim() ?? ''),
    regular,
    9,
    W - 2 * M - 250,
  );
  let ay = y - 28;
  for (const line of addressLines.slice(0, 3)) {
    text(line, M, ay, { color: MUTED, size: 9 });
    ay -= 12;
  }

  // Invoice facts, right column.
  const order: [string, string | null] = [
    'Order number',
    data.orderNumber === null ? null : String(data.orderNumber),
  ];
  const facts: [string, string | null][] = adjustment
    ? [
        [`${title} number`, data.invoiceNumber],
        [`Original ${invoiceTitle(abn).toLowerCase()}`, adjustment.originalInvoiceNumber],
        ['Invoice date', invoiceDate(adjustment.originalIssuedAt, data.timeZone)],
        order,
        ['Date', invoiceDate(data.issuedAt, data.timeZone)],
        ['Payment reference', data.paymentReference],
        ['Refund reference', adjustment.refundReference || null],
        ['Status', 'Refunded'],
      ]
    : [
        ['Invoice number', data.invoiceNumber],
        order,
        ['Date', invoiceDate(data.issuedAt, data.timeZone)],
        ['Payment reference', data.paymentReference],
        ['Status', 'Paid'],
      ];
  // Every value prints whole (a provider's reference is what the customer quotes to their bank):
  // beside its label when it fits, else on the lines under it, smaller if need be, and broken
  // between characters only when even that is too narrow.
  const factsX = W - M - 230;
  let fy = y;
  for (const [label, rawValue] of facts) {
    if (rawValue === null) continue;
    const value = printable(rawValue);
    text(label, factsX, fy, { color: MUTED, size: 9 });
    const beside = W - M - (factsX + regular.widthOfTextAtSize(label, 9) + 10);
    if (bold.widthOfTextAtSize(value, 9) <= beside) {
      text(value, W - M, fy, { size: 9, font: bold, align: 'right' });
      fy -= 14;
      continue;
    }
    const width = W - M - factsX;
    // Rounded down to a tenth of a point, so the shrunk value fits exactly rather than breaking.
    const fitting = Math.floor((90 * width) / bold.widthOfTextAtSize(value, 9)) / 10;
    const size = Math.max(7, Math.min(9, fitting));
    for (const row of breakChars(value, bold, size, width)) {
      fy -= 12;
      text(row, W - M, fy, { size, font: bold, align: 'right' });
    }
    fy -= 14;
  }
  y = Math.min(y - 28, ay + 12, fy) - 18;

  // Bill to.
  text('BILL TO', M, y, { size: 8, font: bold, color: MUTED });
  y -= 15;
  for (const [i, line] of [
    data.customer.name,
    data.customer.company,
    data.customer.email,
    data.customer.phone,
  ]
    .filter(Boolean)
    .entries()) {
    text(line, M, y, { font: i === 0 ? bold : regular });
    y -= 14;
  }
  y -= 18;

  // Line items.
  const amountX = W - M;
  // Each line is one of what it names: a package, an extra, a period, a part of a quote.
  const qtyX = amountX - 150;
  const descWidth = W - 2 * M - 190;
  const header = () => {
    page.drawRectangle({ x: M, y: y - 7, width: W - 2 * M, height: 22, color: BAND });
    text('Description', M + 10, y, { size: 9, font: bold, color: MUTED });
    text('Qty', qtyX, y, { size: 9, font: bold, color: MUTED, align: 'right' });
    text(`Amount ${gstNotes.exc} (${data.currency})`, amountX - 10, y, {
      size: 9,
      font: bold,
      color: MUTED,
      align: 'right',
    });
    y -= 28;
  };
  header();
  for (const line of data.lines) {
    const rows = wrap(line.description, regular, 10, descWidth);
    if (y - rows.length * 14 < M + 140) {
      page = pdf.addPage([W, H]);
      y = H - M;
      header();
    }
    rows.forEach((row, i) => text(row, M + 10, y - i * 14));
    text('1', qtyX, y, { align: 'right' });
    text(money(line.amountCents), amountX - 10, y, { align: 'right' });
    y -= rows.length * 14 + 6;
    page.drawLine({
      start: { x: M, y: y + 4 },
      end: { x: W - M, y: y + 4 },
      thickness: 0.5,
      color: RULE,
    });
    y -= 8;
  }

  // Totals.
  y -= 6;
  const labelX = W - M - 210;
  const totals: [string, string, boolean][] = [
    [`${adjustment ? 'Decrease' : 'Subtotal'} (${gstNotes.exc})`, money(data.subtotalCents), false],
    [`GST ${adjustment ? 'adjusted ' : ''}(${GST_RATE_PERCENT}%)`, money(data.gstCents), false],
  ];
  for (const [label, value] of totals) {
    text(label, labelX, y, { color: MUTED });
    text(value, amountX - 10, y, { align: 'right' });
    y -= 16;
  }
  y -= 10;
  page.drawRectangle({
    x: labelX - 10,
    y: y - 9,
    width: W - M - labelX + 10,
    height: 26,
    color: INK,
  });
  text(`${adjustment ? 'Refunded' : 'Total'} (${gstNotes.inc}) ${data.currency}`, labelX, y, {
    font: bold,
    color: rgb(1, 1, 1),
    size: 11,
  });
  text(money(data.totalCents), amountX - 10, y, {
    font: bold,
    color: rgb(1, 1, 1),
    size: 11,
    align: 'right',
  });
  const credit = data.creditCents ?? 0;
  const paidBy =
    credit >= data.totalCents && credit > 0
      ? 'Paid from account credit'
      : credit > 0
        ? 'Paid from account credit and by card'
        : `Paid by ${data.paidWith ?? 'card'}`;
  if (!adjustment) {
    y -= 30;
    text('Amount paid', labelX, y, { color: MUTED });
    text(money(data.totalCents), amountX - 10, y, { align: 'right' });
    y -= 16;
    if (credit > 0) {
      text('Paid from account credit', labelX + 10, y, { color: MUTED });
      text(money(credit), amountX - 10, y, { align: 'right' });
      y -= 16;
      if (credit < data.totalCents) {
        text('Paid by card', labelX + 10, y, { color: MUTED });
        text(money(data.totalCents - credit), amountX - 10, y, { align: 'right' });
        y -= 16;
      }
    }
    text(data.balanceOwingCents ? 'Balance to pay later' : 'Balance due', labelX, y, {
      color: MUTED,
    });
    text(money(data.balanceOwingCents ?? 0), amountX - 10, y, { align: 'right', font: bold });
  }

  // Footer.
  page.drawLine({
    start: { x: M, y: M + 30 },
    end: { x: W - M, y: M + 30 },
    thickness: 0.5,
    color: RULE,
  });
  text(
    adjustment
      ? `${adjustment.toCredit ? 'Refunded as account credit' : 'Refunded to the card that paid'}: ${adjustment.reason}. GST of ${adjustment.originalInvoiceNumber} decreased by ${money(data.gstCents)}.`
      : `Thank you for your business. ${paidBy}; this invoice includes GST of ${money(data.gstCents)}.`,
    M,
    M + 14,
    {
      size: 8,
      color: MUTED,
    },
  );
  text(`${data.companyName}${abn ? ` · ABN ${abn}` : ''} · ${data.website}`, M, M, {
    size: 8,
    color: MUTED,
  });

  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}
