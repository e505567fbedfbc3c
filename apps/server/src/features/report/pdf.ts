import { createRequire } from 'node:module';
import path from 'node:path';
import pdfmake from 'pdfmake';
import type { DocumentDefinition } from 'pdfmake';

/**
 * pdfmake set up once for the server: Roboto from the font files pdfmake ships (embedded in
 * every PDF, so it prints the same everywhere), and no file or URL read beyond those fonts, so
 * text in a document can never make the server fetch anything.
 */
const require = createRequire(import.meta.url);
const fontDir = path.dirname(require.resolve('pdfmake/fonts/Roboto/Roboto-Regular.ttf'));
const FONT_FILES = {
  normal: path.join(fontDir, 'Roboto-Regular.ttf'),
  bold: path.join(fontDir, 'Roboto-Medium.ttf'),
  italics: path.join(fontDir, 'Roboto-Italic.ttf'),
  bolditalics: path.join(fontDir, 'Roboto-MediumItalic.ttf'),
};
const allowedFiles = new Set(Object.values(FONT_FILES));

pdfmake.setFonts({ Roboto: FONT_FILES });
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((file) => allowedFiles.has(path.resolve(file)));

/** Lays the document out and returns the whole PDF (a report is tens of kilobytes). */
export function renderPdf(document: DocumentDefinition): Promise<Buffer> {
  return pdfmake.createPdf(document).getBuffer();
}
