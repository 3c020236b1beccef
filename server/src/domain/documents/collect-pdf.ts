/**
 * The bytes of a pdfkit document, collected as it is written. Call before drawing (pdfkit starts
 * emitting data with the first page); the promise settles once the caller's `doc.end()` has
 * flushed the last chunk, or rejects on the document's error.
 */
export function collectPdf(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
