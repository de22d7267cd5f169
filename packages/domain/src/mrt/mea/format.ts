// The TRUscan measurement file (.mea) as this cockpit defines it: docs/truscan-mea.md is the description.
// Zod-free and without I/O, so the web can read a file's header before it sends it.

/** "TMEA": the first four bytes of every measurement file; a file is recognised by them, never by its name. */
export const MEA_MAGIC = [0x54, 0x4d, 0x45, 0x41] as const;
export const MEA_VERSION = 1;
export const MEA_HEADER_BYTES = 64;
export const MEA_BIT_DEPTHS = [12, 24] as const;
export type MeaBitDepth = (typeof MEA_BIT_DEPTHS)[number];
export const MEA_MAX_CHANNELS = 16;
/** Samples per channel: 20 million at 1 mm is a 20 km rope, beyond any ropeway. */
export const MEA_MAX_SAMPLES = 20_000_000;
/** Values in all channels together: what a decoder may have to hold at once. */
export const MEA_MAX_VALUES = 64_000_000;
/** Sample spacing in micrometres: 0.1 mm to 1 m. */
export const MEA_SPACING_UM = { min: 100, max: 1_000_000 } as const;
/** Recording time in epoch seconds: 2000-01-01 to 2100-01-01. */
export const MEA_RECORDED_AT = { min: 946_684_800, max: 4_102_444_800 } as const;
export const MEA_MAX_BENDING_CYCLES = 999_999_999_999;
/** The default largest file one upload takes, MiB (the server's TRUSCAN_FILE_MAX_MB). */
export const DEFAULT_MEA_FILE_MAX_MB = 64;
/** Files in one upload. */
export const MEA_MAX_FILES_PER_UPLOAD = 20;

/** Everything the header says. Positions and spacing as stored: millimetres and micrometres. */
export interface MeaHeader {
  version: number;
  bitDepth: MeaBitDepth;
  channelCount: number;
  /** Samples per channel. */
  sampleCount: number;
  sampleSpacingUm: number;
  /** The device position of the first sample, mm from the device's zero (may be negative). */
  startPositionMm: number;
  /** Rope speed during the run, mm/s. */
  ropeSpeedMmPerS: number;
  /** Epoch seconds, UTC. */
  recordedAt: number;
  bendingCycles: number;
  /** Millivolts per count: a sample's value is count · scale. */
  scale: number;
  /** CRC-32 (IEEE 802.3) of the payload. */
  payloadCrc32: number;
}

/** A whole file: the header and each channel's counts. */
export interface MeaFile {
  header: Omit<MeaHeader, 'version' | 'payloadCrc32' | 'sampleCount' | 'channelCount'>;
  /** One array of counts per channel, all of the same length. */
  channels: Int32Array[];
}

/** Bytes the packed samples take: 12-bit values two to three bytes, 24-bit values three bytes each. */
export function payloadBytes(bitDepth: MeaBitDepth, values: number): number {
  return bitDepth === 12 ? Math.ceil(values / 2) * 3 : values * 3;
}

/** The largest count a sample of this depth holds; the smallest is its negative minus one. */
export const maxCount = (bitDepth: MeaBitDepth) => (bitDepth === 12 ? 2047 : 8_388_607);

/** The device position of a sample, m. */
export function samplePositionM(header: Pick<MeaHeader, 'startPositionMm' | 'sampleSpacingUm'>, index: number) {
  return header.startPositionMm / 1000 + (index * header.sampleSpacingUm) / 1_000_000;
}

/** Whether the bytes begin like a measurement file: the web's check before it sends one. */
export function looksLikeMea(head: Uint8Array): boolean {
  return MEA_MAGIC.every((byte, index) => head[index] === byte);
}
