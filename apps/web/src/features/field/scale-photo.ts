/** The longer edge of a photo kept on the device: enough to see a broken wire, small enough for a morning's work. */
export const MAX_PHOTO_EDGE = 2048;
const JPEG_QUALITY = 0.85;

interface Size {
  width: number;
  height: number;
}

/** The size a photo is scaled to (its proportions kept), or null when its longer edge is within `max` already. */
export function scaledSize({ width, height }: Size, max = MAX_PHOTO_EDGE): Size | null {
  const longer = Math.max(width, height);
  if (longer <= max) return null;
  const factor = max / longer;
  return { width: Math.max(1, Math.round(width * factor)), height: Math.max(1, Math.round(height * factor)) };
}

function drawnAsJpeg(bitmap: ImageBitmap, { width, height }: Size): Promise<Blob> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be scaled'))),
      'image/jpeg',
      JPEG_QUALITY,
    ),
  );
}

/**
 * A camera photo scaled on the device to at most MAX_PHOTO_EDGE pixels a side, as a JPEG drawn upright (the bitmap
 * follows the photo's EXIF orientation; the canvas keeps no EXIF). A smaller photo, or one the browser cannot read or
 * draw, stays as it is: the server turns it upright and judges its type.
 */
export async function scalePhoto(photo: File): Promise<File> {
  try {
    const bitmap = await createImageBitmap(photo, { imageOrientation: 'from-image' });
    try {
      const size = scaledSize(bitmap);
      if (!size) return photo;
      const blob = await drawnAsJpeg(bitmap, size);
      const name = `${photo.name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`;
      return new File([blob], name, { type: 'image/jpeg', lastModified: photo.lastModified });
    } finally {
      bitmap.close();
    }
  } catch {
    return photo;
  }
}
