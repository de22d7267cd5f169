import { z } from 'zod';
import { DAMAGE_CHART_COLUMNS, type DamageChartAnswer } from './damage-chart-answer.ts';
import { DAMAGE_INPUTS } from './missing-inputs.ts';

/** Base64 of the little-endian bytes of a typed array (its type in `columns`). */
const column = z.string().describe('base64 of a little-endian typed array; its type is named in `columns`');
const literals = <T extends Record<string, string>>(types: T) =>
  z.object(
    Object.fromEntries(Object.entries(types).map(([key, type]) => [key, z.literal(type)])),
  ) as unknown as z.ZodType<T>;

/**
 * GET /api/ropes/{id}/events/damage as a schema, for the API document and generated clients; the answer itself is
 * written as bytes (damage-chart-answer.ts), so this schema documents and never encodes. Held to DamageChartAnswer
 * by the type check below.
 */
export const damageChartAnswerSchema = z.object({
  standard: z.string(),
  ruleSet: z.object({
    name: z.string(),
    edition: z.string(),
    row: z.object({
      id: z.string(),
      label: z.string(),
      metric: z.enum(['lossPct', 'brokenWires']),
      comparator: z.string(),
      source: z.string(),
    }),
  }),
  positionOffset: z.number(),
  status: z.enum(['computed', 'unknown']),
  missingInputs: z.array(z.enum(DAMAGE_INPUTS)),
  damage: z.number().nullable(),
  health: z.number().nullable(),
  damageCount: z.number().int(),
  columns: z.object({
    damages: literals(DAMAGE_CHART_COLUMNS.damages),
    windows: literals(DAMAGE_CHART_COLUMNS.windows),
    points: literals(DAMAGE_CHART_COLUMNS.points),
    peaks: literals(DAMAGE_CHART_COLUMNS.peaks),
  }),
  damages: z.object({ length: z.number().int(), id: column, position: column, count: column, lossPct: column }),
  windows: z.object({
    form: z.enum(['all', 'peaks']),
    total: z.number().int(),
    length: z.number().int(),
    first: column,
  }),
  result: z.array(
    z.object({
      multiple: z.number(),
      length: z.number().describe('m'),
      limit: z.number(),
      utilisation: z.number(),
      points: z.object({ eventCount: column, value: column }),
      peaks: z
        .object({
          length: z.number().int(),
          position: column,
          value: column,
          eventCount: column,
          count: column,
          lossPct: column,
        })
        .optional(),
    }),
  ),
});

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const held: Same<z.infer<typeof damageChartAnswerSchema>, DamageChartAnswer> = true;
void held;
