import { type MessageKey, message } from '@rope/domain/messages';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import { requireCleanImage } from './clean-image.ts';
import { sniffType } from './sniff-type.ts';

export interface UploadRules {
  maxBytes: number;
  /** The media types taken, judged by the bytes alone (never by the file name or the type the client declares). */
  types: readonly string[];
  /** The refusals, each naming the kind of file ("The picture may be at most {{max}}"). */
  messages: UploadMessages;
  /** For images: the pixel limit of the full check of the image (clean-image.ts). */
  maxPixels?: number;
}

export interface UploadMessages {
  /** 415 for a body that is not multipart. */
  notMultipart: MessageKey;
  /** 400 for a multipart body without the file. */
  missing: MessageKey;
  /** 413 over `maxBytes`, named as {{max}}. */
  tooLarge: MessageKey;
  /** 415 when the bytes are none of `types`. */
  wrongType: MessageKey;
}

export interface Upload {
  bytes: Buffer;
  /** The media type found in the content, one of the rules' `types`. */
  type: string;
  extension: string;
  fileName: string;
  image?: { width: number; height: number };
  /** The decoded text, for a text type (UTF-8 or UTF-16 with or without BOM, or Windows-1252). */
  text?: string;
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** The one file of a multipart upload, within the size limit and of an accepted type by content, or the 4xx why not. */
export async function readUpload(request: FastifyRequest, rules: UploadRules): Promise<Upload> {
  const { messages } = rules;
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', message(messages.notMultipart));
  const file = await request.file({ limits: { fileSize: rules.maxBytes, files: 1 } });
  let bytes: Buffer | undefined;
  try {
    bytes = await file?.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', message(messages.tooLarge, { max: megabytes(rules.maxBytes) }));
    throw error;
  }
  if (!file || !bytes?.length) {
    throw new AppError('VALIDATION', message(messages.missing), { file: message(messages.missing) });
  }
  const fileName = file.filename;
  if (rules.maxPixels !== undefined) {
    const image = await requireCleanImage(bytes, { maxPixels: rules.maxPixels, notAnImage: messages.wrongType });
    if (!rules.types.includes(image.mime)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', message(messages.wrongType));
    return {
      bytes,
      type: image.mime,
      extension: image.extension,
      fileName,
      image: { width: image.width, height: image.height },
    };
  }
  const type = await sniffType(bytes, rules.types);
  if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', message(messages.wrongType));
  return {
    bytes,
    type: type.mime,
    extension: type.ext,
    fileName,
    ...(type.text === undefined ? {} : { text: type.text }),
  };
}
