import { fileTypeFromBuffer } from 'file-type';
import { decodeText } from './decode-text.ts';

const TEXT_EXTENSIONS: Record<string, string> = { 'text/csv': 'csv', 'text/plain': 'txt' };

export interface SniffedType {
  mime: string;
  ext: string;
  /** The decoded text, for a text type (UTF-8 or UTF-16 with or without BOM, or Windows-1252). */
  text?: string;
}

/**
 * A file's type by its bytes alone (never by its name or the type the client declares): one of `accepted`, or
 * undefined. The signature of an accepted type wins, as a PDF may be plain ASCII; bytes that are text are otherwise
 * the accepted text type, whatever signature they happen to start with (UTF-16's byte-order mark reads as an MPEG
 * audio frame, "BM" as a bitmap).
 */
export async function sniffType(bytes: Uint8Array, accepted: readonly string[]): Promise<SniffedType | undefined> {
  const found = await fileTypeFromBuffer(bytes);
  if (found && accepted.includes(found.mime)) return { mime: found.mime, ext: found.ext };
  const textType = accepted.find((type) => type.startsWith('text/'));
  const text = textType === undefined ? undefined : decodeText(bytes);
  if (textType === undefined || text === undefined) return undefined;
  return { mime: textType, ext: TEXT_EXTENSIONS[textType] ?? 'txt', text };
}
