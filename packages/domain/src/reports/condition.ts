import type { DamageChartAnswer } from '../ropes/damage-chart-answer.ts';
import { damageGauge, healthGauge } from '../ropes/gauge.ts';
import { UNKNOWN } from './format.ts';
import { lengthText } from './header.ts';
import type { ReportLabels } from './labels.ts';
import type { ReportField } from './model.ts';
import type { UnitSystem } from './units.ts';

/** What the rope page's damage answer tells a report: the rope's damage, health and the reference lengths. */
export type DamageFigures = Pick<DamageChartAnswer, 'status' | 'missingInputs' | 'damage' | 'health' | 'ruleSet'> & {
  result: Pick<DamageChartAnswer['result'][number], 'multiple' | 'length' | 'limit' | 'utilisation'>[];
};

/** The reference length whose utilisation sets the rope's damage; none when unknown or nothing was found. */
export function governingLength(figures: DamageFigures): DamageFigures['result'][number] | undefined {
  if (figures.status !== 'computed') return undefined;
  return figures.result.reduce<DamageFigures['result'][number] | undefined>(
    (worst, entry) => (worst === undefined || entry.utilisation > worst.utilisation ? entry : worst),
    undefined,
  );
}

/**
 * Rope damage and health rounded as the gauges round them, the governing reference length with its limit, the rule
 * set and its source; "unknown" with the missing inputs when the rule set lacks one.
 */
export function conditionFields(figures: DamageFigures, units: UnitSystem, labels: ReportLabels): ReportField[] {
  const { ruleSet } = figures;
  const rule = [
    { label: 'Rule set', value: `${ruleSet.name} ${ruleSet.edition}: ${ruleSet.row.label}` },
    { label: 'Source', value: ruleSet.row.source },
  ];
  if (figures.status !== 'computed' || figures.damage === null || figures.health === null) {
    const missing = figures.missingInputs.length
      ? ` (missing rope data: ${figures.missingInputs.map(labels.ropeAttribute).join(', ')})`
      : '';
    return [
      { label: 'Rope damage', value: `${UNKNOWN}${missing}` },
      { label: 'Rope health', value: UNKNOWN },
      { label: 'Governing reference length', value: UNKNOWN },
      ...rule,
    ];
  }
  const governing = governingLength(figures);
  const unit = ruleSet.row.metric === 'lossPct' ? '% loss of metallic cross-section' : 'broken wires';
  return [
    { label: 'Rope damage', value: `${damageGauge(figures.damage).percent} % of the discard limit` },
    { label: 'Rope health', value: `${healthGauge(figures.health).percent} %` },
    {
      label: 'Governing reference length',
      value: governing
        ? `${governing.multiple} d = ${lengthText(governing.length, units, 3)}, limit ${governing.limit} ${unit}, ` +
          `utilisation ${damageGauge(governing.utilisation * 100).percent} %`
        : UNKNOWN,
    },
    ...rule,
  ];
}
