import { crc32Update } from './crc32.ts';
import { MeaFormatError } from './errors.ts';
import { MEA_HEADER_BYTES, type MeaHeader } from './format.ts';

/**
 * A measurement file read in pieces as it arrives (an upload streamed to storage): each piece answers the trace
 * samples it completes, the same values `meaTrace` answers for the whole file, so nothing but a piece and a few
 * carried bytes is ever held. `finish` checks what readMeaHeader checks of a whole file: the length the header
 * promises and the payload's checksum. The header itself comes from readMeaHead.
 */
export class MeaStreamDecoder {
  /** Bytes of the file seen so far, the header's included. */
  received = 0;
  private crc = 0;
  private readonly values: number;
  private valueIndex = 0;
  /** Bytes of a packed group (three) left over from the last piece. */
  private readonly carry = new Uint8Array(3);
  private carried = 0;
  private channel = 0;
  private sum = 0;
  private readonly factor: number;

  constructor(
    private readonly header: MeaHeader,
    /** The whole file's length as its header promises it (readMeaHead). */
    private readonly fileBytes: number,
    private readonly name = 'file',
  ) {
    this.values = header.sampleCount * header.channelCount;
    this.factor = header.scale / header.channelCount;
  }

  /** The next piece of the file (from its first byte on): the trace samples (mV) it completes. */
  push(piece: Uint8Array): Float32Array {
    const start = Math.max(0, Math.min(piece.length, MEA_HEADER_BYTES - this.received));
    this.received += piece.length;
    // Bytes beyond the promised length are counted (finish names the length) but never decoded.
    const end = Math.max(start, piece.length - Math.max(0, this.received - this.fileBytes));
    if (end <= start) return EMPTY;
    this.crc = crc32Update(this.crc, piece, start, end);
    const valuesPerGroup = this.header.bitDepth === 12 ? 2 : 1;
    const groups = Math.floor((this.carried + end - start) / 3);
    const out = new Float32Array(Math.ceil((groups * valuesPerGroup) / this.header.channelCount) + 1);
    let produced = 0;
    let at = start;
    if (this.carried > 0) {
      while (this.carried < 3 && at < end) this.carry[this.carried++] = piece[at++]!;
      if (this.carried < 3) return EMPTY;
      produced = this.decodeGroup(this.carry, 0, out, produced);
      this.carried = 0;
    }
    for (; at + 3 <= end; at += 3) produced = this.decodeGroup(piece, at, out, produced);
    while (at < end) this.carry[this.carried++] = piece[at++]!;
    return out.subarray(0, produced);
  }

  /** Throws MeaFormatError when the file was shorter or longer than its header promised, or its checksum differs. */
  finish() {
    if (this.received !== this.fileBytes)
      throw new MeaFormatError('app.errors.meaLength', {
        name: this.name,
        expected: this.fileBytes,
        actual: this.received,
      });
    if (this.crc !== this.header.payloadCrc32) throw new MeaFormatError('app.errors.meaChecksum', { name: this.name });
  }

  private decodeGroup(bytes: Uint8Array, at: number, out: Float32Array, produced: number): number {
    const b0 = bytes[at]!;
    const b1 = bytes[at + 1]!;
    const b2 = bytes[at + 2]!;
    if (this.header.bitDepth === 24) return this.add(((b0 | (b1 << 8) | (b2 << 16)) << 8) >> 8, out, produced);
    produced = this.add(((b0 | ((b1 & 0x0f) << 8)) << 20) >> 20, out, produced);
    return this.add((((b1 >> 4) | (b2 << 4)) << 20) >> 20, out, produced);
  }

  private add(count: number, out: Float32Array, produced: number): number {
    // The half-used last group of an odd number of 12-bit values carries no value.
    if (this.valueIndex >= this.values) return produced;
    this.valueIndex++;
    this.sum += count;
    if (++this.channel < this.header.channelCount) return produced;
    out[produced] = this.sum * this.factor;
    this.sum = 0;
    this.channel = 0;
    return produced + 1;
  }
}

const EMPTY = new Float32Array(0);
