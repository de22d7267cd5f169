import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { scannedTiff, TIFF_TRACES } from '../../../test/support/scanned-tiff.ts';
import { DamagedStructure } from './damaged-structure.ts';
import { stripTiffMetadata } from './tiff-metadata.ts';

const pagePixels = async (bytes: Buffer, page: number) =>
  (await sharp(bytes, { page }).raw().toBuffer({ resolveWithObject: true })).data;

describe('TIFF metadata', () => {
  for (const little of [true, false]) {
    it(`removes make, model, serial, software, XMP, EXIF and GPS and keeps every page as it was (${little ? 'II' : 'MM'})`, async () => {
      const scan = scannedTiff({ pages: 2, little });
      const before = await sharp(scan).metadata();
      expect([before.format, before.pages, Boolean(before.xmp)]).toEqual(['tiff', 2, true]);
      // GPS latitude 46/1 as the file holds it, in its byte order; each trace is there before.
      const degrees = little ? '\x2e\0\0\0\x01\0\0\0' : '\0\0\0\x2e\0\0\0\x01';
      expect(scan.includes(Buffer.from(degrees, 'latin1'))).toBe(true);
      expect(Object.values(TIFF_TRACES).every((trace) => scan.includes(trace))).toBe(true);

      const { bytes, changed } = stripTiffMetadata(scan);
      expect(changed).toBe(true);
      expect(bytes.length).toBe(scan.length);
      expect(Object.values(TIFF_TRACES).filter((trace) => bytes.includes(trace))).toEqual([]);
      expect(bytes.includes(Buffer.from(degrees, 'latin1'))).toBe(false);
      const after = await sharp(bytes).metadata();
      expect([after.format, after.pages, after.width, after.height, after.xmp, after.exif]).toEqual([
        'tiff',
        2,
        4,
        2,
        undefined,
        undefined,
      ]);
      for (const page of [0, 1]) expect(await pagePixels(bytes, page)).toEqual(await pagePixels(scan, page));
      expect(scan.includes(TIFF_TRACES.make), 'the upload itself is left as it was').toBe(true);
    });
  }

  it('keeps a TIFF without metadata as it is, and strips the XMP libvips writes, in TIFF and BigTIFF', async () => {
    const plain = stripTiffMetadata(scannedTiff({ pages: 1 })).bytes;
    const again = stripTiffMetadata(plain);
    expect(again.changed).toBe(false);
    expect(again.bytes).toBe(plain);

    for (const bigtiff of [false, true]) {
      const written = await sharp({ create: { width: 6, height: 4, channels: 3, background: '#336699' } })
        .withXmp(`<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" ${TIFF_TRACES.xmp}/></rdf:RDF></x:xmpmeta>`)
        .tiff({ compression: 'lzw', bigtiff })
        .toBuffer();
      expect(written.readUInt16LE(2)).toBe(bigtiff ? 43 : 42);
      const cleaned = stripTiffMetadata(written);
      expect(cleaned.changed).toBe(true);
      expect(cleaned.bytes.includes(TIFF_TRACES.xmp)).toBe(false);
      expect((await sharp(cleaned.bytes).metadata()).xmp).toBeUndefined();
      expect(await pagePixels(cleaned.bytes, 0)).toEqual(await pagePixels(written, 0));
    }
  });

  it('refuses a TIFF whose directories point outside the file or in a loop', () => {
    const scan = scannedTiff({ pages: 1 });
    expect(() => stripTiffMetadata(scan.subarray(0, scan.length - 20))).toThrow(DamagedStructure);
    const looped = Buffer.from(scan);
    const first = looped.readUInt32LE(4);
    const count = looped.readUInt16LE(first);
    looped.writeUInt32LE(first, first + 2 + count * 12);
    expect(() => stripTiffMetadata(looped)).toThrow(DamagedStructure);
    expect(() => stripTiffMetadata(Buffer.from('II*\0'))).toThrow(DamagedStructure);
  });
});
