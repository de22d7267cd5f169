import { z } from 'zod';

// The PATCH forms of write schemas; apart from patch.ts, whose merge helpers the screens use without zod.

function withoutDefault(schema: z.ZodType): z.ZodType {
  return schema instanceof z.ZodDefault ? withoutDefault(schema.unwrap() as z.ZodType) : schema;
}

/** An attributes object in a PATCH: every key optional, none defaulted, null to remove it. */
export function patchAttributesSchema<S extends z.ZodRawShape>(schema: z.ZodObject<S>) {
  return z.object(
    Object.fromEntries(
      Object.entries(schema.shape).map(([key, field]) => [
        key,
        withoutDefault(field as z.ZodType)
          .nullable()
          .optional(),
      ]),
    ) as unknown as { [K in keyof S]: z.ZodOptional<z.ZodNullable<S[K]>> },
  );
}

/** A PATCH body from an entity's write shape: every field optional and none defaulted (no silent resets). */
export function patchFieldsSchema<S extends z.ZodRawShape>(schema: z.ZodObject<S>) {
  return z.object(
    Object.fromEntries(
      Object.entries(schema.shape).map(([key, field]) => [key, withoutDefault(field as z.ZodType).optional()]),
    ) as unknown as { [K in keyof S]: z.ZodOptional<S[K]> },
  );
}
