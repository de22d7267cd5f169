/**
 * A picture's storage key travels in its URI as a version (`/api/users/7/picture?v=<uuid>`): the users table has
 * no column for it, and a new version gives browsers a new URL to load instead of a cached old picture.
 */
const PREFIX = 'pictures/';
const VERSION = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function pictureUriFor(userId: number, storageKey: string): string {
  return `/api/users/${userId}/picture?v=${storageKey.slice(PREFIX.length)}`;
}

export function pictureKeyOf(pictureUri: string | null): string | undefined {
  const version = pictureUri?.split('?v=')[1];
  return version && VERSION.test(version) ? `${PREFIX}${version}` : undefined;
}
