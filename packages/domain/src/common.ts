import { z } from 'zod';

/** Database ids are positive integers; path params arrive as strings. */
export const idSchema = z.coerce.number().int().positive().max(2_147_483_647);
export const idParamsSchema = z.object({ id: idSchema });

export const shortText = z.string().trim().max(45);
export const nameText = z.string().trim().min(1).max(255);
export const longText = z.string().max(65_536);

/** [latitude, longitude] in WGS84 degrees. */
export const latLngSchema = z.tuple([z.number().min(-90).max(90), z.number().min(-180).max(180)]);
export type LatLng = z.infer<typeof latLngSchema>;

/** A drawn line: on a geographic map WGS84 pairs; on an image map pixel pairs in simple coordinates. */
export const latLngListSchema = z.array(z.tuple([z.number().finite(), z.number().finite()])).max(10_000);

export const isoDateTime = z.iso.datetime({ offset: true });

/** The spec's numeric fields clamp to 0..999999999 unless a field says otherwise. */
export const DEFAULT_NUMBER_MIN = 0;
export const DEFAULT_NUMBER_MAX = 999_999_999;
export const boundedNumber = z.number().finite().min(DEFAULT_NUMBER_MIN).max(DEFAULT_NUMBER_MAX);

export const LANGUAGES = ['en-US', 'de-DE', 'fr-FR', 'es-ES'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_IDS = ['ENU', 'DES', 'FRS', 'ESP'] as const;
export type LanguageId = (typeof LANGUAGE_IDS)[number];
export const languageIdByLocale: Record<Language, LanguageId> = {
  'en-US': 'ENU',
  'de-DE': 'DES',
  'fr-FR': 'FRS',
  'es-ES': 'ESP',
};
