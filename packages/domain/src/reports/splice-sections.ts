import type { Splice, SplicePart } from '../events/schemas.ts';
import {
  SPLICE_WARNINGS,
  type SpliceBand,
  spliceDeviation,
  spliceFlags,
  spliceLengthRatio,
  splicePartBand,
  worstSpliceBand,
} from '../ropes/splices.ts';
import type { ReportEvent, RowContext } from './event-rows.ts';
import { NOT_RECORDED, reportNumber, reportTime, UNKNOWN } from './format.ts';
import { lengthText } from './header.ts';
import type { ReportRow, ReportSection } from './model.ts';
import { LENGTH_UNITS, lengthIn, type UnitSystem } from './units.ts';

const BAND_NAMES: Record<SpliceBand, string> = { green: 'green', yellow: 'yellow', red: 'red' };

const optionalNumber = (value: number | undefined, digits = 1) =>
  value === undefined ? NOT_RECORDED : reportNumber(value, digits);

function partRow(part: SplicePart, nominal: number | undefined, units: UnitSystem): ReportRow {
  const deviation = nominal ? spliceDeviation(part, nominal) : undefined;
  const band = nominal ? splicePartBand(part, nominal) : undefined;
  return {
    tone: band,
    cells: [
      part.name,
      part.type === 'knot' ? 'Knot' : 'Other',
      part.position === undefined ? NOT_RECORDED : reportNumber(lengthIn(part.position, units), 2, true),
      part.length === undefined ? NOT_RECORDED : reportNumber(lengthIn(part.length, units), 3),
      optionalNumber(part.diameterMin),
      optionalNumber(part.diameterMax),
      deviation === undefined ? UNKNOWN : `${deviation > 0 ? '+' : ''}${reportNumber(deviation, 1, true)}`,
      band ? BAND_NAMES[band] : UNKNOWN,
      band === 'yellow' || band === 'red' ? SPLICE_WARNINGS[band] : '',
      optionalNumber(part.brokenWireCount, 0),
      optionalNumber(part.looseWireCount, 0),
      part.comment ?? '',
    ],
  };
}

/**
 * One section per splice of a splice inspection: where it lies, its length over the nominal diameter with the
 * flags (shorter than 1,200 d, closer than 3,000 d to the previous one), and each part's deviation, band and warning.
 */
export function spliceSections(event: ReportEvent, context: RowContext): ReportSection[] {
  const splices: Splice[] = event.attributes.splices ?? [];
  const nominal = context.rope.nominalDiameter;
  const flags = nominal ? spliceFlags(splices, nominal) : { short: [], close: [] };
  const unit = LENGTH_UNITS[context.units];
  const inspected = reportTime(event.attributes.timestamp, context.timeZone);
  if (splices.length === 0) {
    return [{ heading: `Splice inspection of ${inspected}`, fields: [], warnings: ['No splices recorded'] }];
  }
  return splices.map((splice, index) => {
    const bands = nominal ? splice.parts.map((part) => splicePartBand(part, nominal)) : [];
    const worst = worstSpliceBand(bands);
    const warnings: string[] = [];
    if (worst === 'yellow' || worst === 'red') warnings.push(`Splice ${index + 1}: ${SPLICE_WARNINGS[worst]}`);
    if (flags.short.includes(index)) warnings.push(`Splice ${index + 1}: shorter than 1,200 d`);
    if (flags.close.includes(index)) warnings.push(`Splice ${index + 1}: less than 3,000 d from the previous splice`);
    if (!nominal) warnings.push('Nominal diameter unknown: deviations and bands cannot be computed');
    const from = reportNumber(lengthIn(splice.positionStart, context.units), 2, true);
    const to = reportNumber(lengthIn(splice.positionEnd, context.units), 2, true);
    return {
      heading: `Splice ${index + 1}: ${from} – ${to} ${unit}`,
      fields: [
        { label: 'Inspected', value: inspected },
        {
          label: 'Splice length',
          value: lengthText(Math.abs(splice.positionEnd - splice.positionStart), context.units),
        },
        {
          label: 'Length to diameter ratio',
          value: nominal ? `${reportNumber(spliceLengthRatio(splice, nominal), 0)} d` : UNKNOWN,
        },
        { label: 'Strands', value: optionalNumber(splice.strandCount, 0) },
        { label: 'Knots', value: optionalNumber(splice.knotCount, 0) },
        { label: 'Tuck tails', value: optionalNumber(splice.tuckTailCount, 0) },
        { label: 'Worst band', value: worst ? BAND_NAMES[worst] : UNKNOWN },
      ],
      table: {
        columns: [
          'Part',
          'Kind',
          `Position [${unit}]`,
          `Length [${unit}]`,
          'Ø min [mm]',
          'Ø max [mm]',
          'Deviation [%]',
          'Band',
          'Warning',
          'Broken wires',
          'Loose wires',
          'Comment',
        ],
        rows: splice.parts.map((part) => partRow(part, nominal, context.units)),
        empty: 'No parts recorded',
      },
      warnings,
      diagram: {
        from: lengthIn(Math.min(splice.positionStart, splice.positionEnd), context.units),
        to: lengthIn(Math.max(splice.positionStart, splice.positionEnd), context.units),
        parts: splice.parts.flatMap((part, at) =>
          part.position === undefined
            ? []
            : [
                {
                  name: part.name,
                  position: lengthIn(part.position, context.units),
                  knot: part.type === 'knot',
                  tone: bands[at],
                },
              ],
        ),
      },
    };
  });
}
