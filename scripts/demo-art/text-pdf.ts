import { PDFDocument, StandardFonts } from 'pdf-lib';

/** The same bytes on every run: the sheets are committed, and re-running changes nothing. */
const FIXED_DATE = new Date('2026-01-01T00:00:00Z');
const LINES_PER_PAGE = 46;

/**
 * A PDF of plain text lines (A4, Helvetica) for the demo comparison sheets; the first line is a
 * bold heading.
 */
export async function makeTextPdf(title: string, lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setProducer('make-demo-art');
  pdf.setCreator('make-demo-art');
  pdf.setCreationDate(FIXED_DATE);
  pdf.setModificationDate(FIXED_DATE);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  for (let start = 0; start < Math.max(lines.length, 1); start += LINES_PER_PAGE) {
    const page = pdf.addPage([595, 842]);
    let y = 790;
    lines.slice(start, start + LINES_PER_PAGE).forEach((line, i) => {
      const heading = start === 0 && i === 0;
      page.drawText(winAnsi(line), {
        x: 56,
        y,
        size: heading ? 18 : 11,
        font: heading ? bold : regular,
      });
      y -= heading ? 28 : 16;
    });
  }
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

/** The standard fonts encode WinAnsi only: typographic characters folded, others dropped. */
function winAnsi(text: string): string {
  return text
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '');
}
