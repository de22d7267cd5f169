import type { ReportLabels } from '@rope/domain/reports/labels';
import { readTexts } from '../../i18n/texts';

// The report is English whatever the session's language, so it reads the English texts itself instead of asking the
// session's i18next: with texts loaded per language (src/i18n/texts.ts) a German, French or Spanish session holds no
// English, and every label would print as its key ("enums.eventTypes.wireBreak").

type Texts = Record<string, unknown>;

const INSTALLATION_OPTIONS = new Set(['installationType', 'ropewayType', 'buildingType']);

/** The English text at a path ("enums.eventTypes.wireBreak"), or undefined where there is none. */
export function textAt(texts: Texts, path: string): string | undefined {
  let node: unknown = texts;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Texts)[key];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The report's names of the stored choices, from the English texts of the screens. */
export function reportLabelsFrom(texts: Texts): ReportLabels {
  // A stored value without a text (recorded before its choice existed) prints as recorded, never as a key.
  const named = (path: string, value: string) => textAt(texts, path) ?? value;
  return {
    eventType: (type) => named(`enums.eventTypes.${type}`, type),
    actionStatus: (status) => named(`enums.actionStatuses.${status}`, status),
    option: (attribute, value) =>
      named(`${INSTALLATION_OPTIONS.has(attribute) ? 'installations' : 'ropes'}.options.${attribute}.${value}`, value),
    ropeAttribute: (attribute) => named(`ropes.attributes.${attribute}`, attribute),
  };
}

/** Loads the English feature texts, whatever the session's language, and names the report's choices with them. */
export async function loadEnglishReportLabels(): Promise<ReportLabels> {
  return reportLabelsFrom(await readTexts('en-US', ['enums', 'installations', 'ropes']));
}
