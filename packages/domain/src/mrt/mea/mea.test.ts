import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc32 } from './crc32.ts';
import { decodeMea, meaTrace, readMeaHeader } from './decode.ts';
import { encodeMea } from './encode.ts';
import { MeaFormatError } from './errors.ts';
import { MEA_HEADER_BYTES, MEA_MAX_SAMPLES, type MeaBitDepth, type MeaFile, maxCount, payloadBytes } from './format.ts';
import { OFFSET } from './layout.ts';

const fileArbitrary = (bitDepth: MeaBitDepth) =>
  fc
    .record({
      channelCount: fc.integer({ min: 1, max: 16 }),
      sampleCount: fc.integer({ min: 1, max: 60 }),
      sampleSpacingUm: fc.integer({ min: 100, max: 1_000_000 }),
      startPositionMm: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
      ropeSpeedMmPerS: fc.integer({ min: 0, max: 65_535 }),
      recordedAt: fc.integer({ min: 946_684_800, max: 4_102_444_800 }),
      bendingCycles: fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }).map((n) => n % 1_000_000_000_000),
      scale: fc.float({ min: Math.fround(1e-6), max: Math.fround(1000), noNaN: true }),
    })
    .chain((shape) =>
      fc
        .array(
          fc.array(fc.integer({ min: -maxCount(bitDepth) - 1, max: maxCount(bitDepth) }), {
            minLength: shape.sampleCount,
            maxLength: shape.sampleCount,
          }),
          { minLength: shape.channelCount, maxLength: shape.channelCount },
        )
        .map(
          (channels): MeaFile => ({
            header: {
              bitDepth,
              sampleSpacingUm: shape.sampleSpacingUm,
              startPositionMm: shape.startPositionMm,
              ropeSpeedMmPerS: shape.ropeSpeedMmPerS,
              recordedAt: shape.recordedAt,
              bendingCycles: shape.bendingCycles,
              scale: shape.scale,
            },
            channels: channels.map((values) => Int32Array.from(values)),
          }),
        ),
    );

/** The error a decode throws, for its key and parameters. */
function refusal(bytes: Uint8Array): MeaFormatError {
  try {
    decodeMea(bytes, 'run.mea');
  } catch (error) {
    if (error instanceof MeaFormatError) return error;
    throw error;
  }
  throw new Error('The file was read');
}

const small = (bitDepth: MeaBitDepth = 12) =>
  encodeMea({
    header: {
      bitDepth,
      sampleSpacingUm: 5000,
      startPositionMm: -1500,
      ropeSpeedMmPerS: 1000,
      recordedAt: 1_775_030_400,
      bendingCycles: 412_000,
      scale: 0.05,
    },
    channels: [Int32Array.from([1, -2, 3]), Int32Array.from([-2048, 2047, 0])],
  });

/** Sets a header field and keeps the payload checksum right, so only that field is wrong. */
function withHeader(bytes: Uint8Array, change: (view: DataView) => void): Uint8Array {
  const copy = bytes.slice();
  change(new DataView(copy.buffer));
  return copy;
}

describe('.mea round trips', () => {
  for (const bitDepth of [12, 24] as const)
    it(`gives back every ${bitDepth}-bit sample and header field`, () => {
      fc.assert(
        fc.property(fileArbitrary(bitDepth), (file) => {
          const bytes = encodeMea(file);
          const values = file.channels.length * file.channels[0]!.length;
          expect(bytes.length).toBe(MEA_HEADER_BYTES + payloadBytes(bitDepth, values));
          const decoded = decodeMea(bytes);
          expect(decoded.channels).toEqual(file.channels);
          expect(decoded.header).toMatchObject({
            ...file.header,
            version: 1,
            channelCount: file.channels.length,
            sampleCount: file.channels[0]!.length,
          });
        }),
        { numRuns: 200 },
      );
    });

  it('packs two 12-bit samples into three bytes, little-endian, low nibbles first', () => {
    const bytes = encodeMea({
      header: {
        bitDepth: 12,
        sampleSpacingUm: 1000,
        startPositionMm: 0,
        ropeSpeedMmPerS: 0,
        recordedAt: 1_775_030_400,
        bendingCycles: 0,
        scale: 1,
      },
      channels: [Int32Array.from([0x123, -1, 0x7ff])],
    });
    expect(Array.from(bytes.subarray(MEA_HEADER_BYTES))).toEqual([0x23, 0xf1, 0xff, 0xff, 0x07, 0x00]);
  });

  it('writes the magic, the version and a CRC-32 of the payload', () => {
    const bytes = small();
    expect(new TextDecoder().decode(bytes.subarray(0, 4))).toBe('TMEA');
    const view = new DataView(bytes.buffer);
    expect(view.getUint16(OFFSET.version, true)).toBe(1);
    expect(view.getUint32(OFFSET.payloadCrc32, true)).toBe(crc32(bytes, MEA_HEADER_BYTES));
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });

  it('makes the trace the mean of the channels in millivolts', () => {
    const bytes = small();
    expect(Array.from(meaTrace(bytes, readMeaHeader(bytes)))).toEqual(
      [(1 - 2048) / 2, (-2 + 2047) / 2, 3 / 2].map((v) => Math.fround(v * 0.05)),
    );
  });
});

describe('.mea refusals', () => {
  it('refuses bytes without the magic as no TRUscan file at all', () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Uint8Array(80)]);
    for (const bytes of [new Uint8Array(0), Uint8Array.from([0x54, 0x4d]), png]) {
      const error = refusal(bytes);
      expect(error.isMea).toBe(false);
      expect(error.reason).toEqual({ key: 'app.errors.meaNotTruscan', params: { name: 'run.mea' } });
    }
  });

  it('refuses every truncation and every appended byte by the length the header promises', () => {
    const bytes = small(24);
    for (let length = 4; length < bytes.length; length++)
      expect(refusal(bytes.subarray(0, length)).reason.key).toBe('app.errors.meaLength');
    const longer = new Uint8Array(bytes.length + 1);
    longer.set(bytes);
    expect(refusal(longer).reason.params).toMatchObject({ expected: bytes.length, actual: bytes.length + 1 });
  });

  it('refuses a flipped payload bit by the checksum', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: MEA_HEADER_BYTES, max: small().length - 1 }),
        fc.integer({ min: 0, max: 7 }),
        (at, bit) => {
          const bytes = small().slice();
          bytes[at]! ^= 1 << bit;
          expect(refusal(bytes).reason.key).toBe('app.errors.meaChecksum');
        },
      ),
    );
  });

  it('refuses hostile headers before reading or allocating the samples', () => {
    const bytes = small();
    const cases: [(view: DataView) => void, string][] = [
      [(v) => v.setUint16(OFFSET.version, 2, true), 'app.errors.meaVersion'],
      [(v) => v.setUint16(OFFSET.headerBytes, 4096, true), 'app.errors.meaField'],
      [(v) => v.setUint8(OFFSET.bitDepth, 16), 'app.errors.meaBitDepth'],
      [(v) => v.setUint8(OFFSET.channelCount, 0), 'app.errors.meaChannels'],
      [(v) => v.setUint8(OFFSET.channelCount, 17), 'app.errors.meaChannels'],
      [(v) => v.setUint32(OFFSET.sampleCount, 0, true), 'app.errors.meaNoSamples'],
      [(v) => v.setUint32(OFFSET.sampleCount, 0xffffffff, true), 'app.errors.meaTooManySamples'],
      [(v) => v.setUint32(OFFSET.sampleCount, MEA_MAX_SAMPLES, true), 'app.errors.meaLength'],
      [(v) => v.setUint32(OFFSET.sampleSpacingUm, 0, true), 'app.errors.meaField'],
      [(v) => v.setBigInt64(OFFSET.recordedAt, -1n, true), 'app.errors.meaField'],
      [(v) => v.setBigUint64(OFFSET.bendingCycles, 2n ** 64n - 1n, true), 'app.errors.meaField'],
      [(v) => v.setFloat32(OFFSET.scale, Number.NaN, true), 'app.errors.meaField'],
      [(v) => v.setFloat32(OFFSET.scale, Number.POSITIVE_INFINITY, true), 'app.errors.meaField'],
      [(v) => v.setFloat32(OFFSET.scale, -1, true), 'app.errors.meaField'],
    ];
    for (const [change, key] of cases) expect(refusal(withHeader(bytes, change)).reason.key).toBe(key);
  });

  it('names the file in English for integrators', () => {
    expect(refusal(small().subarray(0, 70)).message).toBe(
      'The file run.mea should be 73 bytes long but is 70: it is cut short or damaged',
    );
  });

  it('never throws anything but a refusal on random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.boolean(), (random, withMagic) => {
        const bytes = withMagic ? Uint8Array.from([0x54, 0x4d, 0x45, 0x41, ...random]) : random;
        expect(() => decodeMea(bytes)).toThrow(MeaFormatError);
      }),
    );
  });
});
