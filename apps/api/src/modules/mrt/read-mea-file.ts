import { ropeEventAttributesSchema } from '@rope/domain/events/schemas';
import { message } from '@rope/domain/messages';
import { readMeaHead as readHeadBytes } from '@rope/domain/mrt/mea/decode';
import { MeaFormatError } from '@rope/domain/mrt/mea/errors';
import { MEA_HEADER_BYTES, type MeaHeader } from '@rope/domain/mrt/mea/format';
import { AppError } from '../../http/app-error.ts';

/** Clock skew accepted for a device's recording time, as for events sent from a device. */
const FUTURE_TOLERANCE_MS = 5 * 60_000;

/** A measurement file as it arrives: its name and the pieces of its bytes, in order. */
export interface IncomingMea {
  name: string;
  pieces: AsyncIterable<Uint8Array>;
  /** True when the upload's own size limit cut the file short (the multipart parser's `truncated`). */
  truncated?: () => boolean;
}

/** What is known of a file from its first bytes, and the pieces still to come (the head's included). */
export interface MeaHead {
  name: string;
  header: MeaHeader;
  /** The file's length as its header promises it. */
  fileBytes: number;
  /** The whole file's pieces from its first byte: the head read so far, then the rest. */
  pieces: AsyncIterable<Uint8Array>;
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** The 4xx of a file that is no readable measurement file: 415 for no TRUscan file at all, else 422. */
export function meaRefusal(error: MeaFormatError) {
  return new AppError(error.isMea ? 'RULE_VIOLATION' : 'UNSUPPORTED_MEDIA_TYPE', error.reason);
}

export const meaTooLarge = (maxBytes: number) =>
  new AppError('PAYLOAD_TOO_LARGE', message('app.errors.meaTooLarge', { max: megabytes(maxBytes) }));

/**
 * A file judged by its first MEA_HEADER_BYTES, before the rest has arrived: a TRUscan file, every header field in
 * range, the length it promises within `maxBytes`, its time not in the future. The 4xx names the file. The length
 * itself and the checksum are checked as the rest streams by (trace-store.ts).
 */
export async function readIncomingHead(file: IncomingMea, maxBytes: number): Promise<MeaHead> {
  const source = file.pieces[Symbol.asyncIterator]();
  const head: Uint8Array[] = [];
  let size = 0;
  let done = false;
  while (size < MEA_HEADER_BYTES) {
    const next = await source.next();
    if (next.done) {
      done = true;
      break;
    }
    head.push(next.value);
    size += next.value.length;
  }
  const name = file.name;
  if (size === 0) throw new AppError('VALIDATION', message('app.errors.documentEmpty', { name }));
  let header: MeaHeader;
  let fileBytes: number;
  try {
    ({ header, fileBytes } = readHeadBytes(Buffer.concat(head), name));
  } catch (error) {
    if (!(error instanceof MeaFormatError)) throw error;
    throw meaRefusal(error);
  }
  if (fileBytes > maxBytes) throw meaTooLarge(maxBytes);
  if (header.recordedAt * 1000 > Date.now() + FUTURE_TOLERANCE_MS) {
    const recordedAt = new Date(header.recordedAt * 1000).toISOString();
    throw new AppError('RULE_VIOLATION', message('app.errors.meaFuture', { name, recordedAt }));
  }
  const pieces = (async function* () {
    yield* head;
    if (done) return;
    for (let next = await source.next(); !next.done; next = await source.next()) yield next.value;
  })();
  return { name, header, fileBytes, pieces };
}

/** The attributes of the measurement event a file makes. */
export function measurementAttributes(header: MeaHeader) {
  return ropeEventAttributesSchema.parse({
    timestamp: new Date(header.recordedAt * 1000).toISOString(),
    recordingType: 'measurement',
    type: 'mrtInspection',
    detection: 'mrt',
    isImported: true,
    bendingCycles: header.bendingCycles,
  });
}
