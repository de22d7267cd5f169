import { z } from 'zod';
import { NAME_MAX_LENGTH } from '../common.ts';
import { keyed } from '../messages.ts';

export const INSTALLATION_TYPES = ['ropeway', 'building'] as const;
export const ROPEWAY_TYPES = [
  'chairlift',
  'gondola',
  'funicular',
  'aerialTramway',
  'funitel',
  'pulseGondola',
  'combinedInstallation',
  'surfaceLift',
  'materialRopeway',
  'others',
] as const;
export const BUILDING_TYPES = ['bridge', 'facade', 'stadium', 'mast', 'others'] as const;
export const CLAMP_TYPES = ['fixGrip', 'detachable'] as const;
export const CARRIAGE_TYPES = ['chair', 'gondola', 'cabin'] as const;
export const BASE_UNITS = ['metric', 'imperial'] as const;
export const TENSION_STATIONS = ['top', 'bottom', 'horizontal'] as const;

/** Ropeway builders past and present; `other` covers the rest. */
export const INSTALLATION_MANUFACTURERS = [
  'bartholet',
  'bmf',
  'borer',
  'ceretti',
  'cwa',
  'doppelmayr',
  'garaventa',
  'gangloff',
  'girak',
  'habegger',
  'hoelzl',
  'inauen',
  'kaessbohrer',
  'lst',
  'leitner',
  'marchisio',
  'mueller',
  'nippon',
  'agudio',
  'oehler',
  'pomagalski',
  'poma',
  'rowema',
  'skitrax',
  'stemag',
  'swoboda',
  'tatralift',
  'vonroll',
  'waagner',
  'wallmannsberger',
  'wopfner',
  'yan',
  'doppelmayrCtec',
  'ctec',
  'dynamica',
  'fatzer',
  'graffer',
  'hti',
  'mnd',
  'partek',
  'other',
] as const;

const CONSTRUCTION_YEAR_MIN = 1800;
const CONSTRUCTION_YEAR_MAX = 2200;
/** The year of construction lies between 1800 and this year (a later one is refused where it is saved). */
export const constructionYearRange = keyed('validation.yearRange', () => ({
  min: CONSTRUCTION_YEAR_MIN,
  max: new Date().getFullYear(),
}));

const nonNegative = z.number().finite().min(0).max(999_999_999);
const text = z.string().trim().max(NAME_MAX_LENGTH);

export const installationAttributesSchema = z
  .object({
    isMap: z.boolean(),
    mapImageUri: z.string().max(500),
    mapImageWidth: z.number().int().positive().max(20_000),
    mapImageHeight: z.number().int().positive().max(20_000),
    objectName: text,
    objectNumber: text,
    locationInstallation: text,
    installationType: z.enum(INSTALLATION_TYPES),
    ropewayType: z.enum(ROPEWAY_TYPES),
    buildingType: z.enum(BUILDING_TYPES),
    constructionYear: z
      .number(constructionYearRange)
      .int(constructionYearRange)
      .min(CONSTRUCTION_YEAR_MIN, constructionYearRange)
      .max(CONSTRUCTION_YEAR_MAX, constructionYearRange)
      .meta({ description: 'not after the current year' }),
    carriageCapacity: nonNegative,
    clampType: z.enum(CLAMP_TYPES),
    carriageType: z.enum(CARRIAGE_TYPES),
    carriageCount: nonNegative,
    installationNumberFatzer: text,
    installationNumberManufacturer: text,
    otherNumbers: text,
    installationLength: nonNegative,
    baseUnit: z.enum(BASE_UNITS),
    installationManufacturer: z.enum(INSTALLATION_MANUFACTURERS),
    operatingHoursPerYear: z.number().min(0).max(8784),
    tensionStation: z.enum(TENSION_STATIONS),
    operatingSpeed: z.number().min(0).max(100),
    projectManagerFatzer: text,
    ropeCount: nonNegative,
    country: z.string().length(2),
    timezone: z.string().max(64),
    /** Loop length of endless ropes, m. */
    loopLength: nonNegative,
    /** Sheave passes per revolution of the loop; the operator decides which sheaves count. */
    bendsPerRevolution: z.number().int().min(0).max(1000),
  })
  .partial();
export type InstallationAttributes = z.infer<typeof installationAttributesSchema>;
