/**
 * A minimal, valid PDF of plain text lines (A4, Helvetica), with no dependency. Used for the
 * demo comparison sheets and the test fixture. The first line is set as a bold heading.
 */
export function makeTextPdf(title: string, lines: string[]): Buffer {
  const perPage = 46;
  const chunks: string[][] = [];
  for (let i = 0; i < Math.max(lines.length, 1); i += perPage)
    chunks.push(lines.slice(i, i + perPage));

  // Objects 1 catalog, 2 pages, 3 regular font, 4 bold font, 5 info; then per page: page, content.
  const pageIds = chunks.map((_, i) => 6 + i * 2);
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${chunks.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Title (${escapePdfText(title)}) /Producer (make-demo-art) >>`,
  ];
  chunks.forEach((chunk, pageIndex) => {
    let y = 790;
    const ops: string[] = [];
    chunk.forEach((line, i) => {
      const heading = pageIndex === 0 && i === 0;
      const size = heading ? 18 : 11;
      ops.push(`BT /${heading ? 'F2' : 'F1'} ${size} Tf 56 ${y} Td (${escapePdfText(line)}) Tj ET`);
      y -= heading ? 28 : 16;
    });
    const stream = ops.join('\n');
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] ` +
        `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[pageIndex]! + 1} 0 R >>`,
    );
    objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  });

  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** PDF string literal content: ASCII only (typographic characters folded), with escapes. */
function escapePdfText(text: string): string {
  return text
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/[\\()]/g, (c) => `\\${c}`);
}
