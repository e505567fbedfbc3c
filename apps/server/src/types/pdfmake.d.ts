/**
 * The part of pdfmake 0.3 the recovery report uses. @types/pdfmake pulls the DOM library into
 * the server's compile (it changes fetch and Buffer types everywhere), so the server declares
 * the document shapes it writes instead.
 */
declare module 'pdfmake' {
  export type Margins = number | [number, number] | [number, number, number, number];

  export interface Style {
    font?: string;
    fontSize?: number;
    bold?: boolean;
    italics?: boolean;
    color?: string;
    lineHeight?: number;
    margin?: Margins;
  }

  export type TextPart = string | ({ text: string | TextPart[] } & Style);

  export type TableCell = string | number | Content;

  export type Content =
    | string
    | Content[]
    | ({ text: string | TextPart[]; style?: string } & Style)
    | ({ stack: Content[]; unbreakable?: boolean } & Style)
    | ({ svg: string; width: number; height: number } & Style)
    | ({
        table: {
          headerRows?: number;
          widths: (string | number)[];
          dontBreakRows?: boolean;
          body: TableCell[][];
        };
        layout?: 'noBorders' | 'headerLineOnly' | 'lightHorizontalLines';
      } & Style);

  export interface DocumentDefinition {
    pageSize: { width: number; height: number };
    pageMargins: Margins;
    info?: { title?: string; author?: string; creator?: string; producer?: string };
    footer?: (currentPage: number, pageCount: number) => Content;
    content: Content[];
    styles?: Record<string, Style>;
    defaultStyle?: Style;
  }

  export interface CreatedPdf {
    getBuffer(): Promise<Buffer>;
  }

  export interface FontFiles {
    normal: string;
    bold: string;
    italics: string;
    bolditalics: string;
  }

  interface PdfMake {
    setFonts(fonts: Record<string, FontFiles>): void;
    setUrlAccessPolicy(allow: (url: string) => boolean): void;
    setLocalAccessPolicy(allow: (path: string) => boolean): void;
    createPdf(document: DocumentDefinition): CreatedPdf;
  }

  const pdfmake: PdfMake;
  // eslint-disable-next-line import-x/no-default-export -- the CommonJS module exports the instance
  export default pdfmake;
}
