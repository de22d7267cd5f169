import { stripGifMetadata } from './gif-metadata.ts';
import { stripTiffMetadata } from './tiff-metadata.ts';

export { DamagedStructure } from './damaged-structure.ts';

/**
 * Image types cleaned of their metadata without decoding them (multi-page scans, animations): each answers the
 * bytes without it, or throws DamagedStructure.
 */
export const METADATA_REMOVED_IN_PLACE: Readonly<
  Record<string, (bytes: Buffer) => { bytes: Buffer; changed: boolean }>
> = {
  'image/tiff': stripTiffMetadata,
  'image/gif': stripGifMetadata,
};
