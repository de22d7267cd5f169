import type { InstallationAttributes } from '../hierarchy/installations.ts';
import { ruleRowFor } from '../rope/rule-sets.ts';
import type { RopeAttributes } from '../rope/schemas.ts';
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
   * prints the rope's own count at its date.
   */
  currentCycles?: { bendingCycles: number | null; at: Date };
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
  ];
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
