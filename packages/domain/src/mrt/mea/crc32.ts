const TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (IEEE 802.3, as zip and PNG use it) of the bytes. */
export function crc32(bytes: Uint8Array, start = 0, end = bytes.length): number {
  return crc32Update(0, bytes, start, end);
}

/** The CRC-32 of what `crc` was the CRC-32 of, followed by these bytes: a checksum taken piece by piece (0 to begin). */
export function crc32Update(crc: number, bytes: Uint8Array, start = 0, end = bytes.length): number {
  let state = (crc ^ 0xffffffff) >>> 0;
  for (let i = start; i < end; i++) state = TABLE[(state ^ bytes[i]!) & 0xff]! ^ (state >>> 8);
  return (state ^ 0xffffffff) >>> 0;
}
