import type { RopeAttributes, RopeStandard } from './schemas.ts';

/** One reference length: k times the nominal diameter, with the limit over that length. */
export interface ReferenceLength {
  multiple: number;
  limit: number;
}

/** What a rule row limits: percent loss of metallic cross-section, or visible broken wires. */
export type DamageMetric = 'lossPct' | 'brokenWires';

export interface RuleRow {
  id: string;
  label: string;
  metric: DamageMetric;
  /** `exceeds`: discard when the window sum is above the limit; `reached`: discard at the limit. */
  comparator: 'exceeds' | 'reached';
  lengths: ReferenceLength[];
  source: string;
}

export interface RuleSet {
  id: RopeStandard;
  name: string;
  edition: string;
  rows: RuleRow[];
}

const EN_SOURCE =
  'EN 12927:2019 discard criteria as reproduced in the Austrian ropeway regulation (Seilbahn-Seilverordnung), Annex';

export const EN12927: RuleSet = {
  id: 'EN12927',
  name: 'EN 12927 (ropeways)',
  edition: '2019',
  rows: [
    {
      id: 'trackFullLocked',
      label: 'Track rope, full-locked coil',
      metric: 'lossPct',
      comparator: 'exceeds',
      lengths: [
        { multiple: 30, limit: 5 },
        { multiple: 200, limit: 10 },
      ],
      source: EN_SOURCE,
    },
    {
      id: 'trackSpiralStrand',
      label: 'Track rope, spiral strand',
      metric: 'lossPct',
      comparator: 'exceeds',
      lengths: [
        { multiple: 30, limit: 8 },
        { multiple: 200, limit: 15 },
      ],
      source: EN_SOURCE,
    },
    {
      id: 'haulStranded',
      label: 'Haul, carrying-hauling or towing rope (stranded)',
      metric: 'lossPct',
      comparator: 'exceeds',
      lengths: [
        { multiple: 6, limit: 6 },
        { multiple: 40, limit: 8 },
        { multiple: 500, limit: 25 },
      ],
      source: EN_SOURCE,
    },
    {
      id: 'tension',
      label: 'Tension rope',
      metric: 'lossPct',
      comparator: 'exceeds',
      lengths: [
        { multiple: 6, limit: 4 },
        { multiple: 40, limit: 8 },
      ],
      source: EN_SOURCE,
    },
  ],
};

/** ISO 4309 rope category numbers: load-bearing outer wires up to n, then ordinary and Lang lay limits. */
const ISO_RCN: [rcn: string, maxWires: number, ordinary: [number, number], lang: [number, number]][] = [
  ['01', 50, [2, 4], [1, 2]],
  ['02', 75, [3, 6], [2, 3]],
  ['03', 100, [4, 8], [2, 4]],
  ['04', 120, [5, 10], [2, 5]],
  ['05', 140, [6, 11], [3, 6]],
  ['06', 160, [6, 13], [3, 6]],
  ['07', 180, [7, 14], [4, 7]],
  ['08', 200, [8, 16], [4, 8]],
  ['09', 220, [9, 18], [4, 9]],
  ['10', 240, [10, 19], [5, 10]],
  ['11', 260, [10, 21], [5, 10]],
  ['12', 280, [11, 22], [6, 11]],
  ['13', 300, [12, 24], [6, 12]],
];
const ISO_SOURCE = "ISO 4309:2017 Table 3 (visible broken wires), as reproduced in rope makers' inspection guides";

export const ISO4309: RuleSet = {
  id: 'ISO4309',
  name: 'ISO 4309 (cranes)',
  edition: '2017',
  rows: ISO_RCN.flatMap(([rcn, , ordinary, lang]) =>
    (['ordinary', 'lang'] as const).map((lay) => {
      const [at6d, at30d] = lay === 'ordinary' ? ordinary : lang;
      return {
        id: `RCN${rcn}-${lay}`,
        label: `RCN ${rcn}, ${lay === 'ordinary' ? 'ordinary lay' : 'Lang lay'}`,
        metric: 'brokenWires' as const,
        comparator: 'reached' as const,
        lengths: [
          { multiple: 6, limit: at6d },
          { multiple: 30, limit: at30d },
        ],
        source: ISO_SOURCE,
      };
    }),
  ),
};

export const RULE_SETS: Record<RopeStandard, RuleSet> = { EN12927, ISO4309 };

/** The rule row for a rope, by its standard, application, construction and (ISO) outer wires and lay. */
export function ruleRowFor(attributes: RopeAttributes): { ruleSet: RuleSet; row: RuleRow } {
  const ruleSet = RULE_SETS[attributes.standard ?? 'EN12927'];
  if (ruleSet.id === 'ISO4309') {
    const wires = attributes.loadBearingOuterWires ?? 0;
    const entry = ISO_RCN.find(([, maxWires]) => wires <= maxWires) ?? ISO_RCN[ISO_RCN.length - 1]!;
    const lay = attributes.ropeLay === 'lang' ? 'lang' : 'ordinary';
    return { ruleSet, row: ruleSet.rows.find((row) => row.id === `RCN${entry[0]}-${lay}`)! };
  }
  const byId = (id: string) => ruleSet.rows.find((row) => row.id === id)!;
  const application = attributes.ropeApplication;
  if (application === 'tensionRope') return { ruleSet, row: byId('tension') };
  // Structural ropes on buildings follow the track-rope rows of their construction.
  if (attributes.ropeType === 'fullLockedCoilRope') return { ruleSet, row: byId('trackFullLocked') };
  if (attributes.ropeType === 'spiralStrandRope') return { ruleSet, row: byId('trackSpiralStrand') };
  if (application === 'trackRope' || application === 'structuralRope')
    return { ruleSet, row: byId('trackSpiralStrand') };
  return { ruleSet, row: byId('haulStranded') };
}
