import { z } from 'zod';
import { nameText } from '../common.ts';
import { DOCUMENT_NAME_MAX, locationSchema } from '../documents/schemas.ts';
import { keyed } from '../messages.ts';

export const INSTALLATION_NUMBER_PATTERN = /^[A-Za-z0-9._-]+$/;
export const EXTERNAL_KEY_PATTERN = /^[A-Za-z0-9._:-]+$/;

/** An installation number of the external system, as it appears in paths: letters, digits, dot, dash, underscore. */
export const installationNumberSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(INSTALLATION_NUMBER_PATTERN, keyed('validation.invalid'));
export const externalKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .regex(EXTERNAL_KEY_PATTERN, keyed('validation.invalid'));

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/** PUT /habel/installations/{installationNumber}: a project of the external system, replaced as a whole. */
export const habelProjectBodySchema = z.object({
  description: z.string().trim().max(255).default(''),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, keyed('validation.countryCode'))
    .transform((value) => value.toUpperCase())
    .nullable()
    .optional(),
  facilityType: optionalText(64),
  facilityConstructorBranch: optionalText(64),
  facilityNumber: optionalText(64),
  projectManager: z
    .object({ name: optionalText(255), email: z.email().max(255).nullable().optional(), phone: optionalText(64) })
    .nullable()
    .optional(),
});
export type HabelProjectBody = z.infer<typeof habelProjectBodySchema>;

/** The fields of PUT /habel/installations/{n}/documents/{externalKey} beside its one file. */
export const habelDocumentFieldsSchema = z.object({
  name: nameText.max(DOCUMENT_NAME_MAX),
  location: locationSchema.default('ENU'),
  habelAttart: optionalText(64),
  habelReceipttype: optionalText(64),
  habelErfdat: optionalText(40),
});
export type HabelDocumentFields = z.infer<typeof habelDocumentFieldsSchema>;
