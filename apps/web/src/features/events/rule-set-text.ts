import type { DamageChartAnswer } from '@rope/domain/ropes/damage-chart-answer';
import type { TFunction } from 'i18next';

type Translate = (key: string, options?: Record<string, unknown> & { defaultValue: string }) => string;

const ISO_ROW = /^RCN(\d+)-(ordinary|lang)$/;

/**
 * The rule set in the session's language: the standard's number stays, what it covers ("ropeways"), the row and
 * the source are translated. A standard or row this client does not know shows as the API sends it.
 */
export function ruleSetText(t: TFunction, standard: string, ruleSet: DamageChartAnswer['ruleSet']) {
  const translate = t as unknown as Translate;
  const iso = ruleSet.row.id.match(ISO_ROW);
  const row = iso
    ? translate(`charts.ruleSet.rows.${iso[2] === 'lang' ? 'isoLang' : 'isoOrdinary'}`, {
        rcn: iso[1],
        defaultValue: ruleSet.row.label,
      })
    : translate(`charts.ruleSet.rows.${ruleSet.row.id}`, { defaultValue: ruleSet.row.label });
  return {
    name: translate(`charts.ruleSet.names.${standard}`, { defaultValue: ruleSet.name }),
    row,
    source: translate(`charts.ruleSet.sources.${standard}`, { defaultValue: ruleSet.row.source }),
  };
}
