import { installations, users } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedArea, seedInstallation, seedMandator, seedUser } from '../../../test/support/factories.ts';
import { exifTags, GPS_POINTER_TAG, phonePhoto } from '../../../test/support/photo.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { pictureUriFor } from '../users/index.ts';
import { cleanOldPicturesAndMaps } from './clean-old-pictures-and-maps.ts';

// Issue 26: profile pictures and installation maps uploaded before uploads were cleaned kept a phone's position.
describe('profile pictures and installation maps stored before uploads were cleaned', () => {
  let t: TestApp;
  let areaId: number;

  /** A file as an upload before the cleaning stored it: as the phone wrote it, straight into storage. */
  const storeAsBefore = async (prefix: 'pictures' | 'maps', content: Buffer) =>
    (
      await t.ctx.storage.put(content, {
        prefix,
        type: 'image/jpeg',
        ...(prefix === 'maps' ? { extension: 'jpg' } : {}),
      })
    ).key;
  const personWithPicture = async (content: Buffer) => {
    const person = await seedUser(t.ctx.db, { roles: ['ROLE_PROJECT_MANAGER'] });
    const key = await storeAsBefore('pictures', content);
    await t.ctx.db
      .update(users)
      .set({ pictureUri: pictureUriFor(person.id, key) })
      .where(eq(users.id, person.id));
    return { id: person.id, key };
  };
  const installationWithMap = async (key: string, width: number, height: number) => {
    const installation = await seedInstallation(t.ctx.db, areaId);
    await t.ctx.db
      .update(installations)
      .set({
        attributes: {
          isMap: true,
          mapImageUri: key,
          mapImageWidth: width,
          mapImageHeight: height,
          timezone: 'Europe/Zurich',
        },
      })
      .where(eq(installations.id, installation.id));
    return installation.id;
  };
  const pictureOf = async (id: number) =>
    (await t.ctx.db.select({ uri: users.pictureUri }).from(users).where(eq(users.id, id)))[0]!.uri!;
  const attributesOf = async (id: number) =>
    (
      await t.ctx.db
        .select({ attributes: installations.attributes })
        .from(installations)
        .where(eq(installations.id, id))
    )[0]!.attributes as Record<string, unknown>;
  const read = async (key: string) => {
    const found = await t.ctx.storage.get(key);
    const chunks: Buffer[] = [];
    for await (const chunk of found!.body) chunks.push(Buffer.from(chunk));
    return Buffer.concat(chunks);
  };

  beforeAll(async () => {
    t = await createTestApp();
    areaId = (await seedArea(t.ctx.db, (await seedMandator(t.ctx.db)).id)).id;
  });
  afterAll(() => t.close());

  it('cleans each once, upright and without position, a map at its upright size, and goes on where a run stopped', async () => {
    const withPosition = await personWithPicture(await phonePhoto({ width: 400, height: 300 }));
    // Uploaded since the cleaning: nothing in it but the picture.
    const alreadyClean = await personWithPicture(
      await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
        .jpeg()
        .toBuffer(),
    );
    const mapKey = await storeAsBefore('maps', await phonePhoto({ width: 800, height: 600 }));
    const map = await installationWithMap(mapKey, 800, 600);
    const lost = await installationWithMap('maps/00000000-0000-4000-8000-000000000000.jpg', 10, 10);
    expect(exifTags((await sharp(await read(withPosition.key)).metadata()).exif)).toContain(GPS_POINTER_TAG);

    // Nothing while the site keeps the data.
    const keep = { ...t.ctx, env: { ...t.ctx.env, IMAGE_METADATA: 'keep' as const } };
    expect(await cleanOldPicturesAndMaps(keep, 500)).toEqual({ cleaned: 0, unchanged: 0, unreadable: 0 });

    // A run that may handle two stops after the pictures (their batch is whole); the next goes on with the maps.
    const first = await cleanOldPicturesAndMaps(t.ctx, 2);
    expect(first).toEqual({ cleaned: 1, unchanged: 1, unreadable: 0 });
    expect(await attributesOf(map)).toMatchObject({ mapImageUri: mapKey });
    expect(await cleanOldPicturesAndMaps(t.ctx, 500)).toEqual({ cleaned: 1, unchanged: 0, unreadable: 1 });
    expect(await cleanOldPicturesAndMaps(t.ctx, 500)).toEqual({ cleaned: 0, unchanged: 0, unreadable: 0 });

    // The picture: a new version, upright, without position; the old file gone.
    const uri = await pictureOf(withPosition.id);
    expect(uri).toMatch(new RegExp(`^/api/users/${withPosition.id}/picture\\?v=[0-9a-f-]{36}$`));
    expect(uri).not.toBe(pictureUriFor(withPosition.id, withPosition.key));
    const picture = await sharp(await read(`pictures/${uri.split('?v=')[1]}`)).metadata();
    expect([picture.width, picture.height, picture.orientation ?? 1]).toEqual([300, 400, 1]);
    expect(exifTags(picture.exif)).not.toContain(GPS_POINTER_TAG);
    expect(await t.ctx.storage.exists(withPosition.key)).toBe(false);
    expect(await pictureOf(alreadyClean.id)).toBe(pictureUriFor(alreadyClean.id, alreadyClean.key));

    // The map: its upright size with the new file, its other attributes as they were; the old file gone.
    const attributes = await attributesOf(map);
    expect(attributes).toMatchObject({
      isMap: true,
      timezone: 'Europe/Zurich',
      mapImageWidth: 600,
      mapImageHeight: 800,
    });
    expect(attributes.mapImageUri).not.toBe(mapKey);
    const served = await sharp(await read(attributes.mapImageUri as string)).metadata();
    expect([served.width, served.height]).toEqual([600, 800]);
    expect(exifTags(served.exif)).not.toContain(GPS_POINTER_TAG);
    expect(await t.ctx.storage.exists(mapKey)).toBe(false);
    // A map whose file is missing stays as it is.
    expect(await attributesOf(lost)).toMatchObject({ mapImageUri: 'maps/00000000-0000-4000-8000-000000000000.jpg' });
  });
});
