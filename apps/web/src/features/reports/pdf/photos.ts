import type { ReportPhoto } from './draw-report';

/** Photos print at most this wide: enough for 88 mm at 200 dpi, small enough for the file. */
const MAX_PIXELS = 1000;

/** A photo as a JPEG of at most MAX_PIXELS on its long side; null when the file is not an image a browser decodes. */
export async function reportPhoto(blob: Blob, name: string): Promise<ReportPhoto | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(blob);
  } catch {
    return null;
  }
  const scale = Math.min(1, MAX_PIXELS / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return { dataUrl: canvas.toDataURL('image/jpeg', 0.82), width: canvas.width, height: canvas.height, name };
}
