/**
 * Metadata out of a GIF without decoding it: application extensions other than the looping one (an XMP packet, a
 * tool's own data) and comments are left out; every frame, its palette and its timing stay byte for byte.
 */

import { DamagedStructure } from './damaged-structure.ts';

/** The application extension that makes an animation loop (Netscape's, and the same block under another name). */
const KEPT_APPLICATIONS = ['NETSCAPE2.0', 'ANIMEXTS1.0'];

class GifDamaged extends DamagedStructure {
  constructor(detail: string) {
    super('GIF', detail);
  }
}

export function stripGifMetadata(input: Buffer): { bytes: Buffer; changed: boolean } {
  const signature = input.toString('latin1', 0, 6);
  if (signature !== 'GIF87a' && signature !== 'GIF89a') throw new GifDamaged('no GIF header');
  const at = (position: number) => {
    if (position >= input.length) throw new GifDamaged('it ends before its trailer');
    return input[position]!;
  };
  const tableSize = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  /** The position after a run of sub-blocks (each a length byte and its data) and their terminating zero. */
  const afterSubBlocks = (position: number) => {
    let next = position;
    for (let size = at(next); size !== 0; size = at(next)) next += size + 1;
    return next + 1;
  };

  const kept: Buffer[] = [];
  let position = 13 + tableSize(at(10));
  kept.push(input.subarray(0, position));
  let changed = false;
  for (;;) {
    const introducer = at(position);
    if (introducer === 0x3b) {
      kept.push(input.subarray(position, position + 1));
      // Bytes after the trailer are no part of the image; hidden data is left behind with them.
      if (position + 1 < input.length) changed = true;
      break;
    }
    let end: number;
    let drop = false;
    if (introducer === 0x2c) {
      const descriptorEnd = position + 10 + tableSize(at(position + 9));
      end = afterSubBlocks(descriptorEnd + 1);
    } else if (introducer === 0x21) {
      const label = at(position + 1);
      end = afterSubBlocks(position + 2);
      if (label === 0xfe) drop = true;
      if (label === 0xff) {
        const application = at(position + 2) === 11 ? input.toString('latin1', position + 3, position + 14) : '';
        drop = !KEPT_APPLICATIONS.includes(application);
      }
    } else {
      throw new GifDamaged(`unknown block 0x${introducer.toString(16)} at ${position}`);
    }
    if (end > input.length) throw new GifDamaged('a block runs past the end');
    if (drop) changed = true;
    else kept.push(input.subarray(position, end));
    position = end;
  }
  return { bytes: changed ? Buffer.concat(kept) : input, changed };
}
