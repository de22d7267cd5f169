import { describe, expect, it } from 'vitest';
import { forgedPng, png, TINY_JPEG } from '../../test/support/images.ts';
import { checkImage } from './check-image.ts';

const LIMIT = 50_000_000;

describe('checkImage', () => {
  it('accepts a clean PNG and JPEG with their size', async () => {
    expect(await checkImage(png(640, 480), LIMIT)).toMatchObject({ ok: true, mime: 'image/png', width: 640 });
    expect(await checkImage(TINY_JPEG, LIMIT)).toMatchObject({ ok: true, mime: 'image/jpeg', width: 2, height: 2 });
  });

  it('refuses data after the image: a PNG after IEND, a JPEG after EOI', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expect(await checkImage(Buffer.concat([png(4, 4), html]), LIMIT)).toMatchObject({ ok: false, reason: 'trailing' });
    expect(await checkImage(Buffer.concat([TINY_JPEG, html]), LIMIT)).toMatchObject({ ok: false, reason: 'trailing' });
  });

  it('refuses truncated, corrupted and unknown files', async () => {
    const whole = png(4, 4);
    expect(await checkImage(whole.subarray(0, whole.length - 12), LIMIT)).toMatchObject({ reason: 'damaged' });
    const flipped = Buffer.from(whole);
    flipped[20] = flipped[20]! ^ 0xff;
    expect(await checkImage(flipped, LIMIT)).toMatchObject({ reason: 'damaged' });
    expect(await checkImage(TINY_JPEG.subarray(0, TINY_JPEG.length - 2), LIMIT)).toMatchObject({ reason: 'damaged' });
    expect(await checkImage(Buffer.from('GIF89a.....'), LIMIT)).toMatchObject({ reason: 'type' });
  });

  it('bounds the pixel count before reading pixel data, and refuses decompression bombs', async () => {
    expect(await checkImage(forgedPng(20_000, 20_000, 1), LIMIT)).toMatchObject({
      ok: false,
      reason: 'pixels',
      width: 20_000,
      height: 20_000,
    });
    // 100 x 100 pixels whose data inflates to 50 MB instead of 10 KB.
    const bomb = forgedPng(100, 100, 50_000_000);
    expect(bomb.length).toBeLessThan(100_000);
    expect(await checkImage(bomb, LIMIT)).toMatchObject({ ok: false, reason: 'damaged' });
    expect(await checkImage(forgedPng(100, 100), LIMIT)).toMatchObject({ ok: true });
  });
});
