import iconv from 'iconv-lite';

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

const BOMS: [number[], TextEncoding][] = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xff, 0xfe], 'utf-16le'],
  [[0xfe, 0xff], 'utf-16be'],
];
// Tab, line feed, form feed and carriage return are the only control characters a text file holds.
const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d]);
const isText = (text: string) => {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && !TEXT_CONTROLS.has(code)) || code === 0x7f) return false;
  }
  return true;
};
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

function isUtf8(bytes: Uint8Array): boolean {
  try {
    strictUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * How a text file is encoded: by its byte-order mark, else UTF-8 when the bytes are valid UTF-8, else Windows-1252
 * (what Excel writes as "CSV" on a German or Swiss Windows). Undefined when the bytes are not text at all.
 */
export function textEncodingOf(bytes: Uint8Array): TextEncoding | undefined {
  const marked = BOMS.find(([bom]) => bom.every((byte, index) => bytes[index] === byte))?.[1];
  const encoding = marked ?? (isUtf8(bytes) ? 'utf-8' : 'windows-1252');
  return isText(iconv.decode(Buffer.from(bytes), encoding)) ? encoding : undefined;
}

/** The text of the bytes without its byte-order mark, or undefined when they are not text. */
export function decodeText(bytes: Uint8Array): string | undefined {
  const encoding = textEncodingOf(bytes);
  return encoding === undefined ? undefined : iconv.decode(Buffer.from(bytes), encoding);
}
