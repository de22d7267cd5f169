import { z } from 'zod';

// The PATCH forms of write schemas; apart from patch.ts, whose merge helpers the screens use without zod.

function withoutDefault(schema: z.ZodType): z.ZodType {
  return schema instanceof z.ZodDefault ? withoutDefault(schema.unwrap() as z.ZodType) : schema;
}

/**
 * An attributes object in a PATCH: every key optional, none defaulted, null to remove it where the entity may lack
 * it. A required attribute (an event's timestamp, a task's description) cannot be removed, so null is no value for it:
 * the OpenAPI document says so rather than promise what the merged entity then refuses.
 */
export function patchAttributesSchema<S extends z.ZodRawShape>(schema: z.ZodObject<S>) {
  return z.object(
    Object.fromEntries(
      Object.entries(schema.shape).map(([key, field]) => {
        const removable = (field as z.ZodType).safeParse(undefined).success;
        const patch = withoutDefault(field as z.ZodType);
        return [key, (removable ? patch.nullable() : patch).optional()];
      }),
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
