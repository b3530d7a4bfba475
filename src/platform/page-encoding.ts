// A page's bytes as text and back, in the encoding the editor would use for it: a byte order
// mark says so first, else the `files.encoding` setting (VS Code's names: utf8, utf8bom,
// shiftjis, windows1252, …). Written back in the same encoding, with the mark it had, so a page
// keeps every byte Docs Agent did not mean to change. iconv-lite is the library the editor itself
// decodes with; it loads only for a page that is not UTF-8. No vscode import.

export interface PageEncoding {
  /** The editor's name for it; 'utf8' for UTF-8 with or without a mark. */
  name: string;
  /** The bytes began with a byte order mark. */
  bom: boolean;
}

const marks: [name: string, bytes: number[]][] = [
  ['utf8', [0xef, 0xbb, 0xbf]],
  ['utf16le', [0xff, 0xfe]],
  ['utf16be', [0xfe, 0xff]],
];

const startsWith = (bytes: Uint8Array, mark: readonly number[]): boolean => mark.every((b, i) => bytes[i] === b);

/** The encoding a page's bytes are read in: its mark's, else the configured one (utf8bom reads as UTF-8). */
export function encodingOf(bytes: Uint8Array, configured: string | undefined): PageEncoding {
  const marked = marks.find(([, mark]) => startsWith(bytes, mark));
  if (marked) return { name: marked[0], bom: true };
  const name = (configured ?? 'utf8').toLowerCase();
  return { name: name === 'utf8bom' || name === '' ? 'utf8' : name, bom: false };
}

/** iconv-lite, loaded on first use (a UTF-8 page never needs it). An unknown name reads as UTF-8, as in the editor. */
async function iconv(): Promise<typeof import('iconv-lite')> {
  return import('iconv-lite');
}

/** The page's text (without its mark). */
export async function decodePage(bytes: Uint8Array, encoding: PageEncoding): Promise<string> {
  const body = encoding.bom ? bytes.subarray(marks.find(([name]) => name === encoding.name)?.[1].length ?? 0) : bytes;
  if (encoding.name === 'utf8') return new TextDecoder('utf-8', { ignoreBOM: true }).decode(body);
  const library = await iconv();
  if (!library.encodingExists(encoding.name)) return new TextDecoder('utf-8', { ignoreBOM: true }).decode(body);
  return library.decode(Buffer.from(body), encoding.name, { stripBOM: false });
}

/** The page's bytes: its text in its encoding, its mark first when it had one. */
export async function encodePage(text: string, encoding: PageEncoding): Promise<Uint8Array> {
  const mark = encoding.bom ? (marks.find(([name]) => name === encoding.name)?.[1] ?? []) : [];
  let body: Uint8Array;
  if (encoding.name === 'utf8') body = new TextEncoder().encode(text);
  else {
    const library = await iconv();
    body = library.encodingExists(encoding.name) ? library.encode(text, encoding.name, { addBOM: false }) : new TextEncoder().encode(text);
  }
  const bytes = new Uint8Array(mark.length + body.length);
  bytes.set(mark);
  bytes.set(body, mark.length);
  return bytes;
}
