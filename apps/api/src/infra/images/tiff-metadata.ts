/**
 * Location, camera and other metadata out of a TIFF without decoding or writing its pixels again: a scan or a
 * multi-page TIFF keeps every page and every byte of its images. The EXIF, GPS and interoperability directories and
 * the XMP, IPTC, Photoshop and maker-note blocks are overwritten with zeros and their entries removed; so are the
 * camera's make, model, serial and software, the artist and the host computer.
 */

import { DamagedStructure } from './damaged-structure.ts';

/** Entries pointing to a directory of private tags: EXIF (with the camera and the time), GPS, interoperability. */
const PRIVATE_DIRECTORIES = new Set([34665, 34853, 40965]);
/** Entries whose value is metadata: make, model, software, artist, host computer, XMP, IPTC, Photoshop, maker note,
 * and the DNG camera model and serial number. */
const METADATA_TAGS = new Set([271, 272, 305, 315, 316, 700, 33723, 34377, 37500, 50708, 50735]);
/** Entries pointing to the images' own sub-images (previews, reduced resolutions), which may carry metadata too. */
const SUB_IMAGES = 330;

/** Bytes per value of each TIFF field type (types 1 to 18; BigTIFF adds 16 to 18). */
const TYPE_SIZES: Record<number, number> = {
  1: 1,
  2: 1,
  3: 2,
  4: 4,
  5: 8,
  6: 1,
  7: 1,
  8: 2,
  9: 4,
  10: 8,
  11: 4,
  12: 8,
  13: 4,
  16: 8,
  17: 8,
  18: 8,
};

/** A directory or value pointing outside the file, or a loop of directories. */
class TiffDamaged extends DamagedStructure {
  constructor(detail: string) {
    super('TIFF', detail);
  }
}

interface Layout {
  big: boolean;
  little: boolean;
  /** Bytes of a directory's entry count, of an entry, of an offset. */
  countSize: number;
  entrySize: number;
  offsetSize: number;
}

interface Entry {
  tag: number;
  type: number;
  count: number;
  /** Where the entry's value lies: inside the entry (small values) or at an offset. */
  valueAt: number;
  valueSize: number;
  inline: boolean;
  raw: Buffer;
}

/** Whether the bytes start like a TIFF (classic or BigTIFF, either byte order). */
export function isTiff(bytes: Buffer): boolean {
  if (bytes.length < 8) return false;
  const order = bytes.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return false;
  const magic = order === 'II' ? bytes.readUInt16LE(2) : bytes.readUInt16BE(2);
  return magic === 42 || magic === 43;
}

/** A copy of the TIFF without its metadata, and whether anything was removed. */
export function stripTiffMetadata(input: Buffer): { bytes: Buffer; changed: boolean } {
  if (!isTiff(input)) throw new TiffDamaged('no TIFF header');
  const bytes = Buffer.from(input);
  const little = bytes.toString('latin1', 0, 2) === 'II';
  const big = (little ? bytes.readUInt16LE(2) : bytes.readUInt16BE(2)) === 43;
  const layout: Layout = big
    ? { big, little, countSize: 8, entrySize: 20, offsetSize: 8 }
    : { big, little, countSize: 2, entrySize: 12, offsetSize: 4 };
  const reader = new TiffReader(bytes, layout);
  const seen = new Set<number>();
  let changed = false;
  let next = reader.offset(big ? 8 : 4);
  while (next !== 0) {
    const cleaned = cleanDirectory(reader, next, seen);
    changed ||= cleaned.changed;
    next = cleaned.next;
  }
  return { bytes: changed ? bytes : input, changed };
}

function cleanDirectory(reader: TiffReader, at: number, seen: Set<number>): { next: number; changed: boolean } {
  if (seen.has(at)) throw new TiffDamaged(`directory at ${at} read twice`);
  seen.add(at);
  const entries = reader.entries(at);
  const kept: Entry[] = [];
  let changed = false;
  for (const entry of entries) {
    if (PRIVATE_DIRECTORIES.has(entry.tag)) {
      for (const offset of reader.values(entry)) eraseDirectory(reader, offset, seen);
      reader.erase(entry);
      changed = true;
    } else if (METADATA_TAGS.has(entry.tag)) {
      reader.erase(entry);
      changed = true;
    } else {
      if (entry.tag === SUB_IMAGES) {
        for (const offset of reader.values(entry)) changed = cleanDirectory(reader, offset, seen).changed || changed;
      }
      kept.push(entry);
    }
  }
  const next = reader.nextOffset(at, entries.length);
  if (kept.length !== entries.length) reader.rewriteDirectory(at, entries.length, kept, next);
  return { next, changed };
}

/** Zeros a private directory: its values, the directories it points to, and its own table. */
function eraseDirectory(reader: TiffReader, at: number, seen: Set<number>) {
  if (at === 0 || seen.has(at)) return;
  seen.add(at);
  const entries = reader.entries(at);
  for (const entry of entries) {
    if (PRIVATE_DIRECTORIES.has(entry.tag))
      for (const offset of reader.values(entry)) eraseDirectory(reader, offset, seen);
    reader.erase(entry);
  }
  reader.eraseTable(at, entries.length);
}

class TiffReader {
  constructor(
    private readonly bytes: Buffer,
    private readonly layout: Layout,
  ) {}

  private uint(at: number, size: number): number {
    if (at < 0 || at + size > this.bytes.length) throw new TiffDamaged(`offset ${at} outside the file`);
    const { little } = this.layout;
    if (size === 1) return this.bytes[at]!;
    if (size === 2) return little ? this.bytes.readUInt16LE(at) : this.bytes.readUInt16BE(at);
    if (size === 4) return little ? this.bytes.readUInt32LE(at) : this.bytes.readUInt32BE(at);
    const value = little ? this.bytes.readBigUInt64LE(at) : this.bytes.readBigUInt64BE(at);
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new TiffDamaged(`offset ${value} too large`);
    return Number(value);
  }

  private writeUint(at: number, size: number, value: number) {
    const { little } = this.layout;
    if (size === 2) little ? this.bytes.writeUInt16LE(value, at) : this.bytes.writeUInt16BE(value, at);
    else if (size === 4) little ? this.bytes.writeUInt32LE(value, at) : this.bytes.writeUInt32BE(value, at);
    else little ? this.bytes.writeBigUInt64LE(BigInt(value), at) : this.bytes.writeBigUInt64BE(BigInt(value), at);
  }

  offset(at: number): number {
    return this.uint(at, this.layout.offsetSize);
  }

  entries(at: number): Entry[] {
    const { countSize, entrySize, offsetSize } = this.layout;
    const count = this.uint(at, countSize);
    const end = at + countSize + count * entrySize + offsetSize;
    if (end > this.bytes.length) throw new TiffDamaged(`directory at ${at} runs past the end`);
    return Array.from({ length: count }, (_, index) => {
      const start = at + countSize + index * entrySize;
      const tag = this.uint(start, 2);
      const type = this.uint(start + 2, 2);
      const values = this.uint(start + 4, offsetSize);
      const valueSize = (TYPE_SIZES[type] ?? 1) * values;
      const inline = valueSize <= offsetSize;
      const valueAt = inline ? start + 4 + offsetSize : this.uint(start + 4 + offsetSize, offsetSize);
      if (!inline && valueAt + valueSize > this.bytes.length) {
        throw new TiffDamaged(`the value of tag ${tag} runs past the end`);
      }
      return {
        tag,
        type,
        count: values,
        valueAt,
        valueSize,
        inline,
        raw: Buffer.from(this.bytes.subarray(start, start + entrySize)),
      };
    });
  }

  nextOffset(at: number, count: number): number {
    const { countSize, entrySize } = this.layout;
    return this.offset(at + countSize + count * entrySize);
  }

  /** The offsets an entry holds (a directory pointer, or the sub-images' list). */
  values(entry: Entry): number[] {
    const size = TYPE_SIZES[entry.type] ?? 4;
    if (size !== 4 && size !== 8) return [];
    return Array.from({ length: entry.count }, (_, index) => this.uint(entry.valueAt + index * size, size));
  }

  /** Zeros an entry's value where it lies outside the entry (an inline one goes with the entry). */
  erase(entry: Entry) {
    if (!entry.inline) this.bytes.fill(0, entry.valueAt, entry.valueAt + entry.valueSize);
  }

  eraseTable(at: number, count: number) {
    const { countSize, entrySize, offsetSize } = this.layout;
    this.bytes.fill(0, at, at + countSize + count * entrySize + offsetSize);
  }

  /** Writes the kept entries (still in tag order) and the next offset at the directory's place, zeros the rest. */
  rewriteDirectory(at: number, count: number, kept: Entry[], next: number) {
    const { countSize, entrySize, offsetSize } = this.layout;
    this.eraseTable(at, count);
    this.writeUint(at, countSize, kept.length);
    kept.forEach((entry, index) => {
      entry.raw.copy(this.bytes, at + countSize + index * entrySize);
    });
    this.writeUint(at + countSize + kept.length * entrySize, offsetSize, next);
  }
}
