import { message } from '@rope/domain/messages';
import { AppError } from '../../http/app-error.ts';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';

export interface InspectionFile {
  /** The body as received: anything but a non-blank text is refused. */
  xml: unknown;
  /** Parses the file off the event loop (createInspectionXmlReader) into its JSON answer. */
  read: (xml: string) => Promise<Buffer>;
}

/**
 * Reads an inspection file into the measurement event and the damages it found, for the client to save; nothing is
 * stored. Import accounts deliver inspections; people and internal accounts record them.
 */
export async function parseInspection({ actor, input }: ActionArgs<InspectionFile>): Promise<Buffer> {
  assertCan(actor, 'DOMAIN_WRITE', 'DATA_IMPORT');
  if (typeof input.xml !== 'string' || input.xml.trim() === '') {
    throw new AppError('VALIDATION', message('app.errors.inspectionBodyMissing'));
  }
  return input.read(input.xml);
}
