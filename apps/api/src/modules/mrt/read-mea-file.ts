import type { MultipartFile } from '@fastify/multipart';
import { safeDocumentName } from '@rope/domain/documents/schemas';
import { ropeEventAttributesSchema } from '@rope/domain/events/schemas';
import { message } from '@rope/domain/messages';
import { readMeaHeader } from '@rope/domain/truscan/mea/decode';
import { MeaFormatError } from '@rope/domain/truscan/mea/errors';
import type { MeaHeader } from '@rope/domain/truscan/mea/format';
import { AppError } from '../../http/app-error.ts';

/** Clock skew accepted for a device's recording time, as for events sent from a device. */
const FUTURE_TOLERANCE_MS = 5 * 60_000;

export interface ReadMeaFile {
  name: string;
  bytes: Buffer;
  header: MeaHeader;
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * One uploaded part read whole (within `maxBytes`) and checked as a measurement file by its content: the header,
 * the length it promises and the checksum; its time may not lie in the future. The 4xx names the file.
 */
export async function readMeaFile(part: MultipartFile, maxBytes: number): Promise<ReadMeaFile> {
  const name = safeDocumentName(part.filename);
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', message('app.errors.meaTooLarge', { max: megabytes(maxBytes) }));
    throw error;
  }
  if (bytes.length === 0) throw new AppError('VALIDATION', message('app.errors.documentEmpty', { name }));
  let header: MeaHeader;
  try {
    header = readMeaHeader(bytes, name);
  } catch (error) {
    if (!(error instanceof MeaFormatError)) throw error;
    throw new AppError(error.isMea ? 'RULE_VIOLATION' : 'UNSUPPORTED_MEDIA_TYPE', error.reason);
  }
  if (header.recordedAt * 1000 > Date.now() + FUTURE_TOLERANCE_MS) {
    const recordedAt = new Date(header.recordedAt * 1000).toISOString();
    throw new AppError('RULE_VIOLATION', message('app.errors.meaFuture', { name, recordedAt }));
  }
  return { name, bytes, header };
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
