/**
 * The part of dcmjs (which publishes no types) that the server and its tests use: reading a
 * DICOM Part 10 header and writing small test files.
 */
declare module 'dcmjs' {
  /** One data element, keyed by its tag as 8 hex digits ('00080060'). */
  export interface DicomElement {
    vr: string;
    Value?: unknown[];
  }
  export type DicomDataset = Record<string, DicomElement>;

  export interface ReadFileOptions {
    ignoreErrors?: boolean;
    /** Stop after this tag (8 hex digits). */
    untilTag?: string | null;
    /** Read the value of untilTag too. */
    includeUntilTagValue?: boolean;
    /** Also stop, without reading it, at the first top-level tag greater than untilTag. */
    stopOnGreaterTag?: boolean;
    noCopy?: boolean;
  }

  export namespace data {
    class DicomDict {
      constructor(meta: DicomDataset);
      meta: DicomDataset;
      dict: DicomDataset;
      /** The Part 10 file: preamble, DICM, file meta information and dataset. */
      write(options?: Record<string, unknown>): ArrayBuffer;
    }

    class DicomMessage {
      /** Parses a Part 10 file; throws on a missing DICM marker or malformed data. */
      static readFile(buffer: ArrayBuffer, options?: ReadFileOptions): DicomDict;
    }
  }

  export interface Logger {
    setLevel(level: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'silent'): void;
  }

  /** dcmjs logs through loglevel to the console; 'validation.dcmjs' is a child logger. */
  export const log: Logger & { getLogger(name: string): Logger };
}
