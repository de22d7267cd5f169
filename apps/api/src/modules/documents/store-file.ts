import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { DOCUMENT_TYPES, DOCUMENT_WRONG_TYPE, safeDocumentName } from '@rope/domain/documents/schemas';
import { type Message, message } from '@rope/domain/messages';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { sniffType } from '../../http/sniff-type.ts';
import { uprightUpload } from '../../http/upright-upload.ts';
import { DamagedStructure, METADATA_REMOVED_IN_PLACE } from '../../infra/images/metadata-in-place.ts';
import { UPRIGHTED_IMAGE_TYPES } from '../../infra/images/upright-image.ts';
import type { StoredObject } from '../../infra/storage/types.ts';

/** Bytes read ahead to judge a file's type; the rest streams to storage untouched. */
const SNIFF_BYTES = 64 * 1024;
/** Photos up to 120 megapixels (a 108-megapixel phone camera); more is refused before anything is decoded. */
export const DOCUMENT_IMAGE_MAX_PIXELS = 120_000_000;
// Markup would run as a page if a browser ever took it for HTML: refused even though it is text.
const MARKUP = /^\s*<(!doctype|html|head|body|script|svg|\?xml|iframe)\b/i;

export interface StoredDocumentFile {
  object: StoredObject;
  name: string;
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** The media type of a file by its first bytes, one of DOCUMENT_TYPES, or the 415 why not. */
export async function documentTypeOf(head: Buffer): Promise<{ mime: string; ext: string }> {
  const type = await sniffType(head, DOCUMENT_TYPES);
  if (!type || (type.text !== undefined && MARKUP.test(type.text)))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', DOCUMENT_WRONG_TYPE);
  return { mime: type.mime, ext: type.ext };
}

/**
 * Streams one uploaded file into storage under a generated key: its type judged by its first bytes (never by its
 * name), its size counted on the way. Over `maxBytes` the stored object is removed again and the answer is 413.
 * A photo (JPEG, PNG, WebP) is read whole instead, turned upright and cleaned of its location and camera data
 * (IMAGE_METADATA) before it is stored.
 */
export async function storeDocumentFile(
  ctx: AppContext,
  part: MultipartFile,
  maxBytes: number,
): Promise<StoredDocumentFile> {
  const source = part.file[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headSize = 0;
  let done = false;
  while (headSize < SNIFF_BYTES) {
    const next = await source.next();
    if (next.done) {
      done = true;
      break;
    }
    head.push(next.value);
    headSize += next.value.length;
  }
  const tooLarge = () =>
    new AppError('PAYLOAD_TOO_LARGE', message('app.errors.documentTooLarge', { max: megabytes(maxBytes) }));
  if (part.file.truncated) throw tooLarge();
  if (headSize === 0)
    throw new AppError('VALIDATION', message('app.errors.documentEmpty', { name: safeDocumentName(part.filename) }));
  const type = await documentTypeOf(Buffer.concat(head));
  const name = safeDocumentName(part.filename);
  const inPlace = ctx.env.IMAGE_METADATA === 'strip' ? METADATA_REMOVED_IN_PLACE[type.mime] : undefined;
  if (UPRIGHTED_IMAGE_TYPES.includes(type.mime) || inPlace) {
    const chunks = [...head];
    if (!done) for (let next = await source.next(); !next.done; next = await source.next()) chunks.push(next.value);
    if (part.file.truncated) throw tooLarge();
    const damaged = message('app.errors.documentImageDamaged', { name });
    const bytes = inPlace
      ? withoutMetadata(inPlace, Buffer.concat(chunks), damaged)
      : (
          await uprightUpload(Buffer.concat(chunks), {
            maxPixels: DOCUMENT_IMAGE_MAX_PIXELS,
            metadata: ctx.env.IMAGE_METADATA,
            damaged,
          })
        ).bytes;
    const object = await ctx.storage.put(bytes, { prefix: 'documents', extension: type.ext, type: type.mime });
    return { object, name };
  }
  const body = Readable.from(
    (async function* () {
      yield* head;
      if (done) return;
      for (let next = await source.next(); !next.done; next = await source.next()) yield next.value;
    })(),
  );
  const object = await ctx.storage.put(body, { prefix: 'documents', extension: type.ext, type: type.mime });
  if (part.file.truncated) {
    await ctx.storage.remove(object.key);
    throw tooLarge();
  }
  return { object, name };
}

/** A scan or an animation keeps its pages and frames byte for byte; only its location, camera and other data go. */
function withoutMetadata(strip: (bytes: Buffer) => { bytes: Buffer }, bytes: Buffer, damaged: Message): Buffer {
  try {
    return strip(bytes).bytes;
  } catch (error) {
    if (!(error instanceof DamagedStructure)) throw error;
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', damaged, undefined, undefined, { imageRefused: 'damaged' });
  }
}
