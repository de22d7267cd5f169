/** What a test looks for after cleaning: none of these may be left in the bytes. */
export const TIFF_TRACES = {
  make: 'RopeScan AG',
  model: 'Line Scanner 9',
  serial: 'SN-778899',
  software: 'ScanSuite 4.2',
  xmp: 'exif:GPSLatitude="46,1.5N"',
};

type Field = { tag: number; type: number; count: number; bytes: Buffer } | { tag: number; directory: Field[] };

/**
 * A TIFF as a camera or a scanner's software writes it, built byte by byte (libvips writes no EXIF into TIFFs):
 * `pages` grey pages of 4 x 2 pixels (page k filled with 40 * (k + 1)), each with the make, model and software, an
 * XMP packet with a position, an EXIF directory (exposure, serial number, an interoperability directory) and a GPS
 * directory (46° 1' 30" N).
 */
export function scannedTiff({ pages = 2, little = true }: { pages?: number; little?: boolean } = {}): Buffer {
  const writer = new TiffWriter(little);
  let next = 0;
  for (let page = pages - 1; page >= 0; page -= 1) {
    const pixels = writer.append(Buffer.alloc(8, 40 * (page + 1)));
    next = writer.directory(
      [
        writer.short(256, [4]),
        writer.short(257, [2]),
        writer.short(258, [8]),
        writer.short(259, [1]),
        writer.short(262, [1]),
        writer.ascii(271, TIFF_TRACES.make),
        writer.ascii(272, TIFF_TRACES.model),
        writer.long(273, [pixels]),
        writer.short(277, [1]),
        writer.short(278, [2]),
        writer.long(279, [8]),
        writer.ascii(305, TIFF_TRACES.software),
        { tag: 700, type: 1, count: TIFF_TRACES.xmp.length, bytes: Buffer.from(TIFF_TRACES.xmp, 'latin1') },
        {
          tag: 34665,
          directory: [
            writer.rational(33434, [[1, 250]]),
            { tag: 40965, directory: [writer.ascii(1, 'R98')] },
            writer.ascii(42033, TIFF_TRACES.serial),
          ],
        },
        {
          tag: 34853,
          directory: [
            writer.ascii(1, 'N'),
            writer.rational(2, [
              [46, 1],
              [1, 1],
              [30, 1],
            ]),
          ],
        },
      ],
      next,
    );
  }
  return writer.finish(next);
}

class TiffWriter {
  private bytes = Buffer.alloc(8);

  constructor(private readonly little: boolean) {
    this.bytes.write(little ? 'II' : 'MM', 0, 'latin1');
    this.setU16(this.bytes, 2, 42);
  }

  private setU16(target: Buffer, at: number, value: number) {
    this.little ? target.writeUInt16LE(value, at) : target.writeUInt16BE(value, at);
  }

  private setU32(target: Buffer, at: number, value: number) {
    this.little ? target.writeUInt32LE(value, at) : target.writeUInt32BE(value, at);
  }

  /** Appends bytes at an even offset, answering the offset. */
  append(bytes: Buffer): number {
    if (this.bytes.length % 2) this.bytes = Buffer.concat([this.bytes, Buffer.alloc(1)]);
    const at = this.bytes.length;
    this.bytes = Buffer.concat([this.bytes, bytes]);
    return at;
  }

  short(tag: number, values: number[]): Field {
    const bytes = Buffer.alloc(values.length * 2);
    values.forEach((value, index) => {
      this.setU16(bytes, index * 2, value);
    });
    return { tag, type: 3, count: values.length, bytes };
  }

  long(tag: number, values: number[]): Field {
    const bytes = Buffer.alloc(values.length * 4);
    values.forEach((value, index) => {
      this.setU32(bytes, index * 4, value);
    });
    return { tag, type: 4, count: values.length, bytes };
  }

  rational(tag: number, values: [number, number][]): Field {
    const bytes = Buffer.alloc(values.length * 8);
    values.forEach(([numerator, denominator], index) => {
      this.setU32(bytes, index * 8, numerator);
      this.setU32(bytes, index * 8 + 4, denominator);
    });
    return { tag, type: 5, count: values.length, bytes };
  }

  ascii(tag: number, text: string): Field {
    return { tag, type: 2, count: text.length + 1, bytes: Buffer.from(`${text}\0`, 'latin1') };
  }

  /** Writes the values that do not fit an entry and the directories it points to, then its own table. */
  directory(fields: Field[], next: number): number {
    const entries = fields
      .map((field) => ('directory' in field ? this.long(field.tag, [this.directory(field.directory, 0)]) : field))
      .map((field) => {
        if (!('bytes' in field) || field.bytes.length <= 4) return field;
        const at = this.append(field.bytes);
        const pointer = Buffer.alloc(4);
        this.setU32(pointer, 0, at);
        return { ...field, bytes: pointer, outOfLine: true };
      });
    const table = Buffer.alloc(2 + entries.length * 12 + 4);
    this.setU16(table, 0, entries.length);
    entries.forEach((entry, index) => {
      if (!('bytes' in entry)) return;
      const at = 2 + index * 12;
      this.setU16(table, at, entry.tag);
      this.setU16(table, at + 2, entry.type);
      this.setU32(table, at + 4, entry.count);
      entry.bytes.copy(table, at + 8);
    });
    this.setU32(table, 2 + entries.length * 12, next);
    return this.append(table);
  }

  finish(first: number): Buffer {
    this.setU32(this.bytes, 4, first);
    return this.bytes;
  }
}
