import { crc32 } from './crc32.ts';
import { MEA_HEADER_BYTES, MEA_MAGIC, MEA_VERSION, type MeaFile, maxCount, payloadBytes } from './format.ts';
import { OFFSET } from './layout.ts';

/** Packs signed counts, channel by channel within each sample: 12-bit two values in three bytes, 24-bit three bytes each. */
export function packSamples(bitDepth: 12 | 24, channels: readonly Int32Array[], target: Uint8Array): void {
  const channelCount = channels.length;
  const sampleCount = channels[0]?.length ?? 0;
  const values = sampleCount * channelCount;
  const limit = maxCount(bitDepth);
  const valueAt = (index: number) => {
    const value = channels[index % channelCount]![Math.floor(index / channelCount)]!;
    if (value > limit || value < -limit - 1) throw new RangeError(`A ${bitDepth}-bit sample cannot hold ${value}`);
    return value;
  };
  if (bitDepth === 24) {
    for (let index = 0, at = 0; index < values; index++, at += 3) {
      const value = valueAt(index) & 0xffffff;
      target[at] = value & 0xff;
      target[at + 1] = (value >> 8) & 0xff;
      target[at + 2] = (value >> 16) & 0xff;
    }
    return;
  }
  for (let index = 0, at = 0; index < values; index += 2, at += 3) {
    const first = valueAt(index) & 0xfff;
    const second = index + 1 < values ? valueAt(index + 1) & 0xfff : 0;
    target[at] = first & 0xff;
    target[at + 1] = (first >> 8) | ((second & 0x0f) << 4);
    target[at + 2] = second >> 4;
  }
}

/** A measurement file's bytes: the 64-byte header, then the packed samples. */
export function encodeMea(file: MeaFile): Uint8Array {
  const { header, channels } = file;
  const sampleCount = channels[0]?.length ?? 0;
  if (channels.some((channel) => channel.length !== sampleCount))
    throw new RangeError('Every channel needs the same number of samples');
  const size = payloadBytes(header.bitDepth, sampleCount * channels.length);
  const bytes = new Uint8Array(MEA_HEADER_BYTES + size);
  packSamples(header.bitDepth, channels, bytes.subarray(MEA_HEADER_BYTES));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  bytes.set(MEA_MAGIC, OFFSET.magic);
  view.setUint16(OFFSET.version, MEA_VERSION, true);
  view.setUint16(OFFSET.headerBytes, MEA_HEADER_BYTES, true);
  view.setUint8(OFFSET.bitDepth, header.bitDepth);
  view.setUint8(OFFSET.channelCount, channels.length);
  view.setUint16(OFFSET.ropeSpeedMmPerS, header.ropeSpeedMmPerS, true);
  view.setUint32(OFFSET.sampleCount, sampleCount, true);
  view.setUint32(OFFSET.sampleSpacingUm, header.sampleSpacingUm, true);
  view.setInt32(OFFSET.startPositionMm, header.startPositionMm, true);
  view.setBigInt64(OFFSET.recordedAt, BigInt(header.recordedAt), true);
  view.setBigUint64(OFFSET.bendingCycles, BigInt(header.bendingCycles), true);
  view.setFloat32(OFFSET.scale, header.scale, true);
  view.setUint32(OFFSET.payloadCrc32, crc32(bytes, MEA_HEADER_BYTES), true);
  return bytes;
}
