import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';

/**
 * The pieces of text a PDF drawn by pdf-lib with the standard fonts shows, in drawing order: each
 * drawText is one hex string shown with Tj. Enough to read what an invoice says.
 */
export async function pdfTextRuns(pdf: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  const runs: string[] = [];
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray
        ? contents.asArray().map((ref) => doc.context.lookup(ref))
        : [contents];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const operators = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      for (const [, hex] of operators.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
        runs.push(Buffer.from(hex!, 'hex').toString('latin1'));
      }
    }
  }
  return runs;
}
