import { crc32, createInflate } from 'node:zlib';

export type ImageCheck =
  | { ok: true; mime: 'image/png' | 'image/jpeg'; extension: 'png' | 'jpg'; width: number; height: number }
  | { ok: false; reason: 'type' | 'damaged' | 'trailing' | 'pixels'; width?: number; height?: number };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * Whether the bytes are one clean PNG or JPEG within the pixel limit: the PNG read chunk by chunk (CRCs checked)
 * to its IEND, its pixel data inflated no further than its size allows (decompression bombs); the JPEG read
 * segment by segment to its EOI. Nothing may follow the image (a PNG with HTML appended is refused).
 */
export async function checkImage(bytes: Buffer, maxPixels: number): Promise<ImageCheck> {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return checkPng(bytes, maxPixels);
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return checkJpeg(bytes, maxPixels);
  return { ok: false, reason: 'type' };
}

async function checkPng(bytes: Buffer, maxPixels: number): Promise<ImageCheck> {
  let offset = 8;
  let header: { width: number; height: number; rawBytes: number } | undefined;
  const data: Buffer[] = [];
  let dataEnded = false;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const end = offset + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) return { ok: false, reason: 'damaged' };
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== bytes.readUInt32BE(offset + 8 + length))
      return { ok: false, reason: 'damaged' };
    if (!header) {
      if (type !== 'IHDR' || length !== 13) return { ok: false, reason: 'damaged' };
      header = pngHeader(body);
      if (!header) return { ok: false, reason: 'damaged' };
      if (header.width * header.height > maxPixels) return { ok: false, reason: 'pixels', ...size(header) };
    } else if (type === 'IDAT') {
      if (dataEnded) return { ok: false, reason: 'damaged' };
      data.push(body);
    } else if (data.length > 0) {
      dataEnded = true;
    }
    offset = end;
    if (type === 'IEND') {
      if (!header || data.length === 0) return { ok: false, reason: 'damaged' };
      if (offset !== bytes.length) return { ok: false, reason: 'trailing', ...size(header) };
      const inflated = await inflatedLength(data, header.rawBytes);
      if (inflated === undefined) return { ok: false, reason: 'damaged', ...size(header) };
      return { ok: true, mime: 'image/png', extension: 'png', ...size(header) };
    }
  }
  return { ok: false, reason: 'damaged' };
}

const size = ({ width, height }: { width: number; height: number }) => ({ width, height });

function pngHeader(body: Buffer) {
  const width = body.readUInt32BE(0);
  const height = body.readUInt32BE(4);
  const bitDepth = body[8]!;
  const channels = PNG_CHANNELS[body[9]!];
  const interlaced = body[12] === 1;
  if (!width || !height || !channels || ![1, 2, 4, 8, 16].includes(bitDepth)) return undefined;
  const rowBytes = Math.ceil((width * channels * bitDepth) / 8);
  // Adam7 adds at most a filter byte and a partial byte per row in each of its seven passes.
  const rawBytes = height * (1 + rowBytes) + (interlaced ? 14 * height + 64 : 0);
  return { width, height, rawBytes };
}

/** The inflated length of the pixel data, or undefined when it is not valid zlib or inflates beyond `limit`. */
function inflatedLength(parts: Buffer[], limit: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const inflate = createInflate();
    let total = 0;
    let settled = false;
    const settle = (value: number | undefined) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) {
        settle(undefined);
        inflate.destroy();
      }
    });
    inflate.on('error', () => settle(undefined));
    inflate.on('end', () => settle(total));
    for (const part of parts) inflate.write(part);
    inflate.end();
  });
}

/** SOF markers that carry the frame size: C0..CF except DHT (C4), JPG (C8) and DAC (CC). */
const isFrameStart = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);

function checkJpeg(bytes: Buffer, maxPixels: number): ImageCheck {
  let offset = 2;
  let frame: { width: number; height: number } | undefined;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return { ok: false, reason: 'damaged' };
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd9) break;
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2 || offset + 2 + length > bytes.length) return { ok: false, reason: 'damaged' };
    if (isFrameStart(marker)) {
      if (length < 7) return { ok: false, reason: 'damaged' };
      frame = { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
      if (!frame.width || !frame.height) return { ok: false, reason: 'damaged' };
      if (frame.width * frame.height > maxPixels) return { ok: false, reason: 'pixels', ...frame };
    }
    offset += 2 + length;
    if (marker === 0xda) offset = skipScan(bytes, offset);
  }
  if (!frame || offset + 2 > bytes.length || bytes[offset] !== 0xff || bytes[offset + 1] !== 0xd9)
    return { ok: false, reason: 'damaged' };
  if (offset + 2 !== bytes.length) return { ok: false, reason: 'trailing', ...frame };
  return { ok: true, mime: 'image/jpeg', extension: 'jpg', ...frame };
}

/** The offset of the marker after entropy-coded data: FF 00 is a stuffed byte, FF D0..D7 a restart marker. */
function skipScan(bytes: Buffer, from: number): number {
  let offset = from;
  while (offset + 1 < bytes.length) {
    if (bytes[offset] === 0xff) {
      const next = bytes[offset + 1]!;
      if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) return offset;
    }
    offset += 1;
  }
  return bytes.length;
}
