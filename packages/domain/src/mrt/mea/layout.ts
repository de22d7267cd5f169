/** Byte offsets of the header fields (little-endian), as docs/truscan-mea.md tabulates them. */
export const OFFSET = {
  magic: 0,
  version: 4,
  headerBytes: 6,
  bitDepth: 8,
  channelCount: 9,
  ropeSpeedMmPerS: 10,
  sampleCount: 12,
  sampleSpacingUm: 16,
  startPositionMm: 20,
  recordedAt: 24,
  bendingCycles: 32,
  scale: 40,
  payloadCrc32: 44,
} as const;
