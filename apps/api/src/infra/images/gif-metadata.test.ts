import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DamagedStructure } from './damaged-structure.ts';
import { stripGifMetadata } from './gif-metadata.ts';

const XMP = 'exif:GPSLatitude="46,1.5N"';

/** An application extension with its 11-byte name and the data in sub-blocks of at most 255 bytes. */
function application(name: string, data: string): Buffer {
  const bytes = Buffer.from(data, 'latin1');
  const blocks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 255) {
    const part = bytes.subarray(at, at + 255);
    blocks.push(Buffer.from([part.length]), part);
  }
  return Buffer.concat([Buffer.from([0x21, 0xff, 11]), Buffer.from(name, 'latin1'), ...blocks, Buffer.from([0])]);
}

const comment = (text: string) =>
  Buffer.concat([Buffer.from([0x21, 0xfe, text.length]), Buffer.from(text, 'latin1'), Buffer.from([0])]);

/** A two-frame looping animation (red, then blue) as libvips writes it. */
async function animation(): Promise<Buffer> {
  const frame = (colour: string) =>
    sharp({ create: { width: 4, height: 3, channels: 3, background: colour } })
      .png()
      .toBuffer();
  return sharp([await frame('#ff0000'), await frame('#0000ff')], { join: { animated: true } })
    .gif({ loop: 0, delay: [100, 200] })
    .toBuffer();
}

/** The GIF with blocks put in after its header and colour table, and bytes after its trailer. */
function withExtras(gif: Buffer, extras: Buffer[], after = Buffer.alloc(0)): Buffer {
  const flags = gif[10]!;
  const header = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  return Buffer.concat([gif.subarray(0, header), ...extras, gif.subarray(header), after]);
}

describe('GIF metadata', () => {
  it('removes XMP, other applications’ data, comments and bytes after the end, and keeps frames, timing and loop', async () => {
    const gif = await animation();
    const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:Description ${XMP}/>${' '.repeat(300)}</x:xmpmeta>`;
    const carrying = withExtras(
      gif,
      [application('XMP DataXMP', xmp), comment('Pylon 7, taken by A. Inspector'), application('ICCRGBG1012', 'x')],
      Buffer.from('hidden after the trailer'),
    );
    const { bytes, changed } = stripGifMetadata(carrying);
    expect(changed).toBe(true);
    expect(bytes).toEqual(gif);
    for (const trace of [XMP, 'Pylon 7', 'hidden after']) expect(bytes.includes(trace)).toBe(false);
    const after = await sharp(bytes).metadata();
    expect([after.pages, after.loop, after.delay]).toEqual([2, 0, [100, 200]]);
  });

  it('keeps a GIF without metadata as it is, and refuses one that ends before its trailer', async () => {
    const gif = await animation();
    const kept = stripGifMetadata(gif);
    expect([kept.changed, kept.bytes]).toEqual([false, gif]);
    expect(() => stripGifMetadata(gif.subarray(0, gif.length - 5))).toThrow(DamagedStructure);
    expect(() => stripGifMetadata(Buffer.from('GIF89a'))).toThrow(DamagedStructure);
  });
});
