import { z } from 'zod';
import { ruleIssue } from './messages.ts';

/**
 * The columns each list may be sorted by. The API refuses any other sort key (400 naming it) and the web marks only
 * these columns sortable, so a sortable header never asks for an order the server does not keep.
 */
export const MANDATOR_SORT_FIELDS = ['name', 'passwordExpiry'] as const;

export type SortFields = readonly [string, ...string[]];

export interface ListSort<TField extends string> {
  field: TField;
  desc: boolean;
}

/** `?sort=name` ascending, `?sort=-name` descending, over one list's allow-list; missing means the list's default. */
export function listSortSchema<TFields extends SortFields>(fields: TFields) {
  return z
    .string()
    .max(64)
    .optional()
    .transform((text, ctx): ListSort<TFields[number]> | undefined => {
      if (text === undefined || text === '') return undefined;
      const desc = text.startsWith('-');
      const field = desc ? text.slice(1) : text;
      if (!isSortable(fields, field)) {
        ctx.addIssue({ code: 'custom', ...ruleIssue('validation.sortField', { field, fields: fields.join(' or ') }) });
        return z.NEVER;
      }
      return { field, desc };
    })
    .meta({ enum: ['', ...fields.flatMap((field) => [field, `-${field}`])] });
}

export function isSortable<TFields extends SortFields>(fields: TFields, column: string): column is TFields[number] {
  return (fields as readonly string[]).includes(column);
}

/** GET /mandators: every mandator, by name unless `sort` says otherwise. */
export const mandatorListQuerySchema = z.object({ sort: listSortSchema(MANDATOR_SORT_FIELDS) });
export type MandatorListQuery = z.infer<typeof mandatorListQuerySchema>;
