import { z } from 'zod';
import { isoDateTime, nameText } from '../common.ts';

/** The characters of a key kept in clear, to tell keys apart in the list. */
export const API_KEY_PREFIX_LENGTH = 12;

/** An API key as admins see it: never the key itself, which is shown once when made. */
export const apiKeyViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's first characters, to tell keys apart. */
  prefix: z.string(),
  createdAt: z.string(),
  /** After this the key is refused; null: until revoked. */
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKeyView = z.infer<typeof apiKeyViewSchema>;

/** GET /api/users/{id}/api-keys */
export const apiKeyListAnswerSchema = z.object({ apiKeys: z.array(apiKeyViewSchema) });
export type ApiKeyListAnswer = z.infer<typeof apiKeyListAnswerSchema>;

/** POST /api/users/{id}/api-keys: a name to recognise the key by, and an optional end. */
export const apiKeyCreateSchema = z.object({
  name: nameText,
  expiresAt: isoDateTime.nullable().optional(),
});
export type ApiKeyCreate = z.infer<typeof apiKeyCreateSchema>;

/** The new key, answered this once; only its hash is kept. */
export const apiKeyCreatedAnswerSchema = z.object({ apiKey: apiKeyViewSchema, key: z.string() });
export type ApiKeyCreatedAnswer = z.infer<typeof apiKeyCreatedAnswerSchema>;
