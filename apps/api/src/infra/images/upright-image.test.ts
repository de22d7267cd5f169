import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CAMERA_MAKE_TAG, colourAt, exifTags, GPS_POINTER_TAG, phonePhoto } from '../../../test/support/photo.ts';
import { makeThumbnail, THUMBNAIL_SIDE } from './thumbnail.ts';
import { ImageRefused, uprightImage } from './upright-image.ts';

const LIMITS = { maxPixels: 1_000_000, maxSide: 20_000 };

describe('a photo turned upright and cleaned', () => {
  it('turns a portrait a phone stored sideways (EXIF orientation 6) and drops location and camera data', async () => {
    const photo = await phonePhoto({ width: 80, height: 60, orientation: 6 });
    expect(exifTags((await sharp(photo).metadata()).exif)).toEqual(
      expect.arrayContaining([GPS_POINTER_TAG, CAMERA_MAKE_TAG]),
    );
    const upright = await uprightImage(photo, { ...LIMITS, metadata: 'strip' });
    expect(upright).toMatchObject({ width: 60, height: 80, changed: true });
    const stored = await sharp(upright.bytes).metadata();
    expect([stored.width, stored.height, stored.format]).toEqual([60, 80, 'jpeg']);
    expect(stored.orientation ?? 1).toBe(1);
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    // Turned 90° clockwise: the stored left half (red) is now on top.
    expect(await colourAt(upright.bytes, 30, 10)).toBe('red');
    expect(await colourAt(upright.bytes, 30, 70)).toBe('blue');
  });

  it('keeps location and camera data when the site keeps them, with the orientation done', async () => {
    const photo = await phonePhoto({ width: 80, height: 60, orientation: 6 });
    const upright = await uprightImage(photo, { ...LIMITS, metadata: 'keep' });
    const stored = await sharp(upright.bytes).metadata();
    expect([stored.width, stored.height]).toEqual([60, 80]);
    expect(stored.orientation ?? 1).toBe(1);
    expect(exifTags(stored.exif)).toEqual(expect.arrayContaining([GPS_POINTER_TAG, CAMERA_MAKE_TAG]));
  });

  it('cleans PNG and WebP photos too, in their own format', async () => {
    for (const format of ['png', 'webp'] as const) {
      const photo = await phonePhoto({ width: 40, height: 30, orientation: 1, format });
      expect(exifTags((await sharp(photo).metadata()).exif), format).toContain(GPS_POINTER_TAG);
      const upright = await uprightImage(photo, { ...LIMITS, metadata: 'strip' });
      const stored = await sharp(upright.bytes).metadata();
      expect([stored.format, stored.width, stored.exif], format).toEqual([format, 40, undefined]);
    }
  });

  it('keeps every frame of an animated WebP and drops what it carries, within the bound for all frames', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 20, height: 10, channels: 3, background } })
        .png()
        .toBuffer();
    const frames = await Promise.all(['#ff0000', '#0000ff', '#00ff00'].map(frame));
    const animation = await sharp(frames, { join: { animated: true } })
      .webp({ loop: 0, delay: 100 })
      .withExif({ IFD0: { Make: 'RopePhone' }, IFD3: { GPSLatitudeRef: 'N' } })
      .toBuffer();
    const cleaned = await uprightImage(animation, { ...LIMITS, metadata: 'strip' });
    const stored = await sharp(cleaned.bytes).metadata();
    expect([stored.format, stored.pages, stored.width, stored.exif]).toEqual(['webp', 3, 20, undefined]);
    expect([cleaned.width, cleaned.height]).toEqual([20, 10]);
    const kept = await uprightImage(animation, { ...LIMITS, metadata: 'keep' });
    expect(kept.bytes.equals(animation)).toBe(true);
    await expect(uprightImage(animation, { maxPixels: 500, maxSide: 20_000, metadata: 'strip' })).rejects.toMatchObject(
      {
        reason: 'pixels',
      },
    );
  });

  it('keeps the bytes of an image that is upright and carries nothing, so a plan or scan is never compressed again', async () => {
    const plain = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#808080' } })
      .jpeg()
      .toBuffer();
    const upright = await uprightImage(plain, { ...LIMITS, metadata: 'strip' });
    expect(upright.changed).toBe(false);
    expect(upright.bytes.equals(plain)).toBe(true);
    expect([upright.width, upright.height]).toEqual([30, 20]);
  });

  it('refuses more pixels than the bound by the header, and bytes that are no image', async () => {
    const photo = await phonePhoto({ width: 200, height: 100 });
    const refused = await uprightImage(photo, { maxPixels: 19_999, maxSide: 20_000, metadata: 'strip' }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ImageRefused);
    expect(refused).toMatchObject({ reason: 'pixels', width: 100, height: 200 });
    const tooWide = await uprightImage(photo, { maxPixels: 1_000_000, maxSide: 150, metadata: 'strip' }).catch(
      (error: unknown) => error,
    );
    expect(tooWide).toMatchObject({ reason: 'pixels' });
    const broken = Buffer.concat([photo.subarray(0, 20), Buffer.alloc(200, 7)]);
    await expect(uprightImage(broken, { ...LIMITS, metadata: 'strip' })).rejects.toMatchObject({ reason: 'damaged' });
  });
});

describe('a thumbnail', () => {
  it('is a small upright WebP without metadata, never larger than the photo', async () => {
    const photo = await phonePhoto({ width: 1600, height: 1200, orientation: 6 });
    const thumbnail = await makeThumbnail(photo, 10_000_000);
    const info = await sharp(thumbnail).metadata();
    expect([info.format, info.width, info.height]).toEqual(['webp', 240, THUMBNAIL_SIDE]);
    expect(info.exif).toBeUndefined();
    expect(thumbnail.length).toBeLessThan(photo.length / 4);
    const small = await makeThumbnail(await phonePhoto({ width: 50, height: 40, orientation: 1 }), 10_000_000);
    expect((await sharp(small).metadata()).width).toBe(50);
  });

  it('refuses an image over the pixel bound', async () => {
    const photo = await phonePhoto({ width: 400, height: 300 });
    await expect(makeThumbnail(photo, 100_000)).rejects.toThrow();
  });
});
