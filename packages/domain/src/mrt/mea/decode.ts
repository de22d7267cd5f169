import { crc32 } from './crc32.ts';
import { MeaFormatError } from './errors.ts';
import {
  looksLikeMea,
  MEA_BIT_DEPTHS,
  MEA_HEADER_BYTES,
  MEA_MAX_BENDING_CYCLES,
  MEA_MAX_CHANNELS,
  MEA_MAX_SAMPLES,
  MEA_MAX_VALUES,
  MEA_RECORDED_AT,
  MEA_SPACING_UM,
  MEA_VERSION,
  type MeaBitDepth,
  type MeaFile,
  type MeaHeader,
  payloadBytes,
} from './format.ts';
import { OFFSET } from './layout.ts';

/**
 * The header of a measurement file, once the whole file has been checked against it: magic, version, every field's
 * range, the length the header promises (before anything is allocated) and the payload's checksum. Throws
 * MeaFormatError naming `name` otherwise.
 */
export function readMeaHeader(bytes: Uint8Array, name = 'file'): MeaHeader {
  const { header, fileBytes } = readMeaHead(bytes, name);
  if (bytes.length !== fileBytes)
    throw new MeaFormatError('app.errors.meaLength', { name, expected: fileBytes, actual: bytes.length });
  if (crc32(bytes, MEA_HEADER_BYTES) !== header.payloadCrc32)
    throw new MeaFormatError('app.errors.meaChecksum', { name });
  return header;
}

/**
 * The header alone, from the first MEA_HEADER_BYTES of a file (more may follow): every field checked, and the length
 * of the whole file it promises, so a file streamed in can be judged by its first bytes. The length and the
 * checksum are the caller's to check (readMeaHeader for a whole file, MeaStreamDecoder for one arriving in pieces).
 */
export function readMeaHead(head: Uint8Array, name = 'file'): { header: MeaHeader; fileBytes: number } {
  if (head.length < 4 || !looksLikeMea(head)) throw new MeaFormatError('app.errors.meaNotTruscan', { name }, false);
  if (head.length < MEA_HEADER_BYTES)
    throw new MeaFormatError('app.errors.meaLength', { name, expected: MEA_HEADER_BYTES, actual: head.length });
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const field = (what: string) => new MeaFormatError('app.errors.meaField', { name, field: what });
  const version = view.getUint16(OFFSET.version, true);
  if (version !== MEA_VERSION)
    throw new MeaFormatError('app.errors.meaVersion', { name, version, supported: MEA_VERSION });
  if (view.getUint16(OFFSET.headerBytes, true) !== MEA_HEADER_BYTES) throw field('headerBytes');
  const bitDepth = view.getUint8(OFFSET.bitDepth);
  if (!(MEA_BIT_DEPTHS as readonly number[]).includes(bitDepth))
    throw new MeaFormatError('app.errors.meaBitDepth', { name, bitDepth });
  const channelCount = view.getUint8(OFFSET.channelCount);
  if (channelCount < 1 || channelCount > MEA_MAX_CHANNELS)
    throw new MeaFormatError('app.errors.meaChannels', { name, channels: channelCount, max: MEA_MAX_CHANNELS });
  const sampleCount = view.getUint32(OFFSET.sampleCount, true);
  if (sampleCount === 0) throw new MeaFormatError('app.errors.meaNoSamples', { name });
  const maxSamples = Math.min(MEA_MAX_SAMPLES, Math.floor(MEA_MAX_VALUES / channelCount));
  if (sampleCount > maxSamples)
    throw new MeaFormatError('app.errors.meaTooManySamples', { name, samples: sampleCount, max: maxSamples });
  const sampleSpacingUm = view.getUint32(OFFSET.sampleSpacingUm, true);
  if (sampleSpacingUm < MEA_SPACING_UM.min || sampleSpacingUm > MEA_SPACING_UM.max) throw field('sampleSpacingUm');
  const recordedAt = Number(view.getBigInt64(OFFSET.recordedAt, true));
  if (recordedAt < MEA_RECORDED_AT.min || recordedAt > MEA_RECORDED_AT.max) throw field('recordedAt');
  const bendingCycles = Number(view.getBigUint64(OFFSET.bendingCycles, true));
  if (bendingCycles > MEA_MAX_BENDING_CYCLES) throw field('bendingCycles');
  const scale = view.getFloat32(OFFSET.scale, true);
  if (!Number.isFinite(scale) || scale <= 0) throw field('scale');
  const header: MeaHeader = {
    version,
    bitDepth: bitDepth as MeaBitDepth,
    channelCount,
    sampleCount,
    sampleSpacingUm,
    startPositionMm: view.getInt32(OFFSET.startPositionMm, true),
    ropeSpeedMmPerS: view.getUint16(OFFSET.ropeSpeedMmPerS, true),
    recordedAt,
    bendingCycles,
    scale,
    payloadCrc32: view.getUint32(OFFSET.payloadCrc32, true),
  };
  return { header, fileBytes: MEA_HEADER_BYTES + payloadBytes(header.bitDepth, sampleCount * channelCount) };
}

/** The signed count of value `index` (sample-major, channels interleaved) of a checked file. */
function countReader(bytes: Uint8Array, bitDepth: MeaBitDepth): (index: number) => number {
  const payload = bytes.subarray(MEA_HEADER_BYTES);
  if (bitDepth === 24)
    return (index) => {
      const at = index * 3;
      return ((payload[at]! | (payload[at + 1]! << 8) | (payload[at + 2]! << 16)) << 8) >> 8;
    };
  return (index) => {
    const at = (index >> 1) * 3;
    const raw =
      index & 1 ? (payload[at + 1]! >> 4) | (payload[at + 2]! << 4) : payload[at]! | ((payload[at + 1]! & 0x0f) << 8);
    return (raw << 20) >> 20;
  };
}

/** A whole file: its header and each channel's counts. */
export function decodeMea(bytes: Uint8Array, name?: string): { header: MeaHeader; channels: Int32Array[] } {
  const header = readMeaHeader(bytes, name);
  const read = countReader(bytes, header.bitDepth);
  const channels = Array.from({ length: header.channelCount }, () => new Int32Array(header.sampleCount));
  for (let sample = 0, index = 0; sample < header.sampleCount; sample++)
    for (let channel = 0; channel < header.channelCount; channel++, index++) channels[channel]![sample] = read(index);
  return { header, channels };
}

/**
 * The trace along the rope: per sample the mean of the channels, in millivolts. It holds one float per sample
 * whatever the channel count, so a server never keeps every channel of a large file.
 */
export function meaTrace(bytes: Uint8Array, header: MeaHeader): Float32Array {
  const read = countReader(bytes, header.bitDepth);
  const trace = new Float32Array(header.sampleCount);
  const factor = header.scale / header.channelCount;
  for (let sample = 0, index = 0; sample < header.sampleCount; sample++) {
    let sum = 0;
    for (let channel = 0; channel < header.channelCount; channel++, index++) sum += read(index);
    trace[sample] = sum * factor;
  }
  return trace;
}

export type { MeaFile };
