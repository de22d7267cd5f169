import type { ReportLabels } from '@rope/domain/reports/labels';
import enums from '../../i18n/locales/en-US/enums.json';
import installations from '../../i18n/locales/en-US/installations.json';
import ropes from '../../i18n/locales/en-US/ropes.json';

// The report is English whatever the session's language, so it carries the English texts it names instead of asking
// the session's i18next: with texts loaded per language (src/i18n/texts.ts) a German session holds no English beyond
// the core files, and every label came out as its key ("enums.eventTypes.wireBreak").
const ENGLISH = { enums, installations, ropes } as const;

const INSTALLATION_OPTIONS = new Set(['installationType', 'ropewayType', 'buildingType']);

/** The English text at a path of the texts above, or undefined where there is none. */
export function englishText(path: string): string | undefined {
  let node: unknown = ENGLISH;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return typeof node === 'string' ? node : undefined;
}

/** A stored value without a text (one recorded before its choice existed) prints as recorded, never as a key. */
const named = (path: string, value: string) => englishText(path) ?? value;

/** The report's names of the stored choices: the English texts of the screens. */
export function englishReportLabels(): ReportLabels {
  return {
    eventType: (type) => named(`enums.eventTypes.${type}`, type),
    actionStatus: (status) => named(`enums.actionStatuses.${status}`, status),
    option: (attribute, value) =>
      named(`${INSTALLATION_OPTIONS.has(attribute) ? 'installations' : 'ropes'}.options.${attribute}.${value}`, value),
    ropeAttribute: (attribute) => named(`ropes.attributes.${attribute}`, attribute),
  };
}
