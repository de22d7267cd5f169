/** Profile pictures are JPEG or PNG; the server checks the content again. */
export const PICTURE_TYPES = ['image/jpeg', 'image/png'] as const;
export const PICTURE_ACCEPT = PICTURE_TYPES.join(',');

export function isPictureFile(file: Pick<File, 'type' | 'name'>): boolean {
  if ((PICTURE_TYPES as readonly string[]).includes(file.type)) return true;
  // Some systems send no type for a file; fall back to its name.
  return file.type === '' && /\.(jpe?g|png)$/i.test(file.name);
}
