import type { z } from 'zod';
import { downloadBlob } from '../../lib/download';
export type ParsedSettingsFile<T> =
  | { ok: true; value: T }
  | { ok: false; notJson: boolean; issues: readonly z.core.$ZodIssue[] };

/** A loaded settings file: valid JSON of the expected kind, or what is wrong with it (the schema's issues). */
export function parseSettingsFile<T>(text: string, schema: z.ZodType<T>): ParsedSettingsFile<T> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, notJson: true, issues: [] };
  }
  const result = schema.safeParse(data);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, notJson: false, issues: result.error.issues };
}

/** "Gondola Zermatt 2.json": the item's name, without characters file systems refuse. */
export function settingsFileName(name: string): string {
  const printable = [...name].map((char) => (char.charCodeAt(0) < 32 ? '_' : char)).join('');
  const safe = printable
    .replace(/[\\/:*?"<>|]+/g, '_')
    .trim()
    .slice(0, 120);
  return `${safe || 'settings'}.json`;
}

export function downloadJson(fileName: string, data: unknown): void {
  downloadBlob(fileName, new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' }));
}
