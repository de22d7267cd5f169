import type { InstallationAttributes } from '../hierarchy/installations.ts';
import { cyclesBasis, type MeasuredCycles } from '../ropes/bending-cycles.ts';
import { ruleRowFor } from '../ropes/rule-sets.ts';
import type { RopeAttributes } from '../ropes/schemas.ts';
import { reportNumber, reportTime, textOrUnknown, UNKNOWN, withUnit } from './format.ts';
import type { ReportLabels } from './labels.ts';
import type { ReportField } from './model.ts';
import { LENGTH_UNITS, lengthIn, SPEED_UNITS, speedIn, type UnitSystem, unitSystemOf } from './units.ts';

export interface ReportPlace {
  area: { name: string; mandator?: { name: string } };
  installation: { name: string; attributes: InstallationAttributes };
  rope: { name: string; attributes: RopeAttributes };
  /**
   * The rope's current count as `GET /ropes/{id}/bendingCycles` answers it (`ropeCyclesNow`: the newest measured
   * count carried forward, whole cycles) and when it was read; null when the rope has none. Without it the report
   * prints the rope's own count at its date. `lastMeasured` and `cyclesPerHour` as the answer gives them say where the
   * count comes from.
   */
  currentCycles?: {
    bendingCycles: number | null;
    at: Date;
    lastMeasured?: MeasuredCycles | null;
    cyclesPerHour?: number | null;
  };
}

const optional = (label: string, value: string | number | undefined): ReportField[] =>
  value === undefined || value === '' ? [] : [{ label, value: String(value) }];

/** The operator's installation: names, numbers, kind, length and speed in the base unit, year. */
export function installationFields(place: ReportPlace, labels: ReportLabels): ReportField[] {
  const a = place.installation.attributes;
  const units = unitSystemOf(a);
  return [
    ...optional('Operator', place.area.mandator?.name),
    { label: 'Area', value: place.area.name },
    { label: 'Installation', value: place.installation.name },
    ...optional('Object name', a.objectName),
    { label: 'Object number', value: textOrUnknown(a.objectNumber) },
    ...optional('Location', a.locationInstallation),
    { label: 'Installation number', value: textOrUnknown(a.installationNumberFatzer) },
    ...optional("Manufacturer's number", a.installationNumberManufacturer),
    ...optional('Other numbers', a.otherNumbers),
    { label: 'Installation type', value: installationKind(a, labels) },
    { label: 'Installation length', value: lengthText(a.installationLength, units) },
    ...optional('Operating speed', a.operatingSpeed === undefined ? undefined : speedText(a.operatingSpeed, units)),
    { label: 'Year of construction', value: textOrUnknown(a.constructionYear) },
    { label: 'Base unit', value: `${units} (${LENGTH_UNITS[units]}, ${SPEED_UNITS[units]})` },
  ];
}

/** The rope: name, type, diameter, standard and rule set, length, installation year, bending cycles. */
export function ropeFields(place: ReportPlace, labels: ReportLabels): ReportField[] {
  const a = place.rope.attributes;
  const units = unitSystemOf(place.installation.attributes);
  const { ruleSet, row } = ruleRowFor(a);
  const zone = place.installation.attributes.timezone;
  const current = place.currentCycles;
  const cycles = current
    ? current.bendingCycles === null
      ? UNKNOWN
      : `${reportNumber(current.bendingCycles, 0)} (as of ${reportTime(current.at, zone)})`
    : a.bendingCyclesUntilNow === undefined
      ? UNKNOWN
      : `${reportNumber(a.bendingCyclesUntilNow, 0)}${a.bendingCyclesUntilNowAt ? ` (as of ${reportTime(a.bendingCyclesUntilNowAt, zone)})` : ''}`;
  return [
    { label: 'Rope', value: place.rope.name },
    { label: 'Rope type', value: a.ropeType ? labels.option('ropeType', a.ropeType) : UNKNOWN },
    {
      label: 'Rope application',
      value: a.ropeApplication ? labels.option('ropeApplication', a.ropeApplication) : UNKNOWN,
    },
    ...optional('Rope design', a.ropeDesign),
    ...optional('Rope manufacturer', a.ropeManufacturer),
    ...optional('Device serial number', a.deviceSerialNumber),
    { label: 'Nominal diameter', value: withUnit(a.nominalDiameter, 'mm') },
    { label: 'Standard', value: a.standard ? labels.option('standard', a.standard) : UNKNOWN },
    { label: 'Rule set', value: `${ruleSet.name} ${ruleSet.edition}: ${row.label}` },
    { label: 'Rope length', value: lengthText(a.ropeLength, units) },
    { label: 'Installation year', value: textOrUnknown(a.installationYear) },
    { label: 'Bending cycles', value: cycles },
    { label: 'Bending cycles from', value: cyclesSource(place) },
  ];
}

/**
 * Where the printed count comes from, as the bending-cycles answer made it (ropeCyclesNow): the newest measured count
 * or the rope's own count, carried forward at the installation's rate when it has one, else TRUscan's last report.
 */
function cyclesSource(place: ReportPlace): string {
  const a = place.rope.attributes;
  const zone = place.installation.attributes.timezone;
  const current = place.currentCycles;
  if (current?.bendingCycles === null) return 'no count known (neither the rope, a measurement nor TRUscan gives one)';
  const basis = cyclesBasis(a, current ? (current.lastMeasured ?? undefined) : undefined);
  if (basis === undefined) return current ? 'the count TRUscan reported last' : UNKNOWN;
  const dated = basis.at ? ` of ${reportTime(basis.at, zone)}` : '';
  const known =
    basis.from === 'measured'
      ? `the newest measured count, ${reportNumber(basis.bendingCycles, 0)}${dated}`
      : `the rope's recorded count, ${reportNumber(basis.bendingCycles, 0)}${dated}`;
  const rate = current?.cyclesPerHour;
  const hours = place.installation.attributes.operatingHoursPerYear;
  if (!current || !rate || !basis.at) return known;
  return `${known}, carried forward at ${reportNumber(rate, 0)} cycles/h for ${reportNumber(hours ?? 0, 0)} operating hours a year`;
}

export function lengthText(metres: number | undefined | null, units: UnitSystem, digits = 2): string {
  return metres === undefined || metres === null
    ? UNKNOWN
    : withUnit(lengthIn(metres, units), LENGTH_UNITS[units], digits);
}

export function speedText(metresPerSecond: number, units: UnitSystem): string {
  return withUnit(speedIn(metresPerSecond, units), SPEED_UNITS[units]);
}

function installationKind(a: InstallationAttributes, labels: ReportLabels): string {
  if (!a.installationType) return UNKNOWN;
  const kind =
    a.installationType === 'building'
      ? a.buildingType && labels.option('buildingType', a.buildingType)
      : a.ropewayType && labels.option('ropewayType', a.ropewayType);
  return [labels.option('installationType', a.installationType), kind].filter(Boolean).join(', ');
}
