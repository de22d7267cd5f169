import sharp from 'sharp';

/**
 * A JPEG as a phone writes it: the pixels stored `width` x `height` with an EXIF orientation, the camera's make and,
 * when asked, a GPS position. The left half is red and the right half blue, so a test sees which way it was turned.
 */
export async function phonePhoto({
  width,
  height,
  orientation = 6,
  gps = true,
  format = 'jpeg',
}: {
  width: number;
  height: number;
  orientation?: number;
  gps?: boolean;
  format?: 'jpeg' | 'png' | 'webp';
}): Promise<Buffer> {
  const half = Math.floor(width / 2);
  const red = await sharp({ create: { width: half, height, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  const image = sharp({ create: { width, height, channels: 3, background: '#0000ff' } })
    .composite([{ input: red, left: 0, top: 0 }])
    .withMetadata({ orientation })
    .withExif({
      IFD0: { Make: 'RopePhone', Model: 'Inspector 7' },
      ...(gps ? { IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '46/1 1/1 30/1' } } : {}),
    });
  return format === 'png'
    ? image.png().toBuffer()
    : format === 'webp'
      ? image.webp().toBuffer()
      : image.jpeg().toBuffer();
}

/** The tags of an EXIF block's first directory (IFD0): 0x8825 points to a GPS directory, 0x010f is the camera make. */
export function exifTags(exif: Buffer | undefined): number[] {
  if (!exif) return [];
  const tiff = exif.subarray(exif.indexOf('II*\0') >= 0 ? exif.indexOf('II*\0') : exif.indexOf('MM\0*'));
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  return Array.from({ length: u16(ifd) }, (_, i) => u16(ifd + 2 + i * 12));
}

export const GPS_POINTER_TAG = 0x8825;
export const CAMERA_MAKE_TAG = 0x010f;

/** The colour at a point of an image, as [r, g, b] rounded to what a JPEG keeps of pure colours. */
export async function colourAt(bytes: Buffer, x: number, y: number): Promise<'red' | 'blue' | 'other'> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  const [r, g, b] = [data[at]!, data[at + 1]!, data[at + 2]!];
  if (r > 200 && g < 60 && b < 60) return 'red';
  if (b > 200 && r < 60 && g < 60) return 'blue';
  return 'other';
}
