import type { Db } from '@rope/db/client';
import { areas, installations, ropes } from '@rope/db/schema/index';
import type { InstallationAttributes } from '@rope/domain/hierarchy/installations';
import { DEFAULT_BASE_LAYER } from '@rope/domain/hierarchy/maps';
import { type RopeAttributes, type TruscanAttributes, truscanAttributesSchema } from '@rope/domain/ropes/schemas';
import type { DemoPeople } from './accounts.ts';
import { AREAS, CH_LAYERS, INSTALLATIONS, type InstallationSpec, OTHER_LAYERS, SITES } from './catalog.ts';
import { along, installationLine, ropeLine } from './geometry.ts';
import { DAY, HOUR, type Rng, round } from './random.ts';
import { type OperatingData, planRopes, type RopeRole } from './rope-specs.ts';

export interface DemoInstallation {
  id: number;
  name: string;
  areaId: number;
  mandator: number;
  spec: InstallationSpec;
  number: string;
  attributes: InstallationAttributes;
  ropes: DemoRope[];
}

export interface DemoRope {
  id: number;
  name: string;
  role: RopeRole;
  installation: DemoInstallation;
  attributes: RopeAttributes;
  spliced: boolean;
  cyclesPerYear: number;
  installedAt: number;
  /** Planned utilisation of the worst reference length (set by the event generator). */
  targetUtilisation?: number;
}

export interface DemoHierarchy {
  areaIds: number[];
  installations: DemoInstallation[];
  ropes: DemoRope[];
}

const GLACIER = new Set(['Klein Matterhorn', 'Titlis Rotair', 'Ice Flyer', 'Aiguille du Midi']);
const ROPEWAY = new Set(['chairlift', 'gondola', 'funicular', 'aerialTramway']);

function operatingData(spec: InstallationSpec, rng: Rng): OperatingData {
  const hours = GLACIER.has(spec.name) ? rng.int(30, 34) * 100 : rng.int(14, 26) * 100;
  switch (spec.kind) {
    case 'chairlift':
      return { speed: spec.length < 1000 ? 2.5 : 5, loopLength: 2 * spec.length + 60, bends: rng.int(4, 6), hours };
    case 'gondola':
      return { speed: 6, loopLength: 2 * spec.length + 60, bends: rng.int(6, 10), hours };
    case 'funicular':
      return { speed: rng.pick([10, 12]), loopLength: spec.length + 120, bends: rng.int(3, 4), hours };
    default:
      return { speed: rng.pick([10, 12]), loopLength: 2 * spec.length + 150, bends: rng.int(4, 6), hours };
  }
}

function carriage(spec: InstallationSpec, rng: Rng): InstallationAttributes {
  switch (spec.kind) {
    case 'chairlift':
      return {
        clampType: spec.length < 1000 ? 'fixGrip' : 'detachable',
        carriageType: 'chair',
        carriageCapacity: rng.pick([4, 6, 8]),
        carriageCount: Math.round(spec.length / 24),
      };
    case 'gondola':
      return {
        clampType: 'detachable',
        carriageType: 'gondola',
        carriageCapacity: rng.pick([8, 10]),
        carriageCount: Math.round(spec.length / 42),
      };
    case 'funicular':
      return { carriageType: 'cabin', carriageCapacity: rng.int(20, 34) * 10, carriageCount: 2 };
    default:
      return { carriageType: 'cabin', carriageCapacity: rng.int(8, 15) * 10, carriageCount: 2 };
  }
}

function installationAttributes(
  spec: InstallationSpec,
  op: OperatingData,
  rng: Rng,
  number: string,
  ropeCount: number,
  pmName: string,
): InstallationAttributes {
  const area = AREAS[spec.area]!;
  const base: InstallationAttributes = {
    isMap: false,
    objectName: spec.name,
    objectNumber: `${area.name.slice(0, 3).toUpperCase()}-${String(INSTALLATIONS.indexOf(spec) + 1).padStart(2, '0')}`,
    locationInstallation: spec.location,
    constructionYear: spec.year,
    installationNumberFatzer: number,
    installationLength: spec.length,
    baseUnit: 'metric',
    installationManufacturer: spec.maker as InstallationAttributes['installationManufacturer'],
    projectManagerFatzer: pmName,
    ropeCount,
    country: area.country,
    timezone: area.timezone,
  };
  if (!ROPEWAY.has(spec.kind)) {
    return { ...base, installationType: 'building', buildingType: spec.kind as InstallationAttributes['buildingType'] };
  }
  const authority =
    area.country === 'CH' ? 'BAV' : area.country === 'AT' ? 'BMK' : area.country === 'FR' ? 'STRMTG' : 'USTIF';
  return {
    ...base,
    installationType: 'ropeway',
    ropewayType: spec.kind as InstallationAttributes['ropewayType'],
    ...carriage(spec, rng),
    installationNumberManufacturer: `${spec.maker.slice(0, 3).toUpperCase()}-${rng.int(1000, 9999)}`,
    otherNumbers: `${authority} ${rng.int(10, 99)}.${rng.int(100, 999)}`,
    operatingHoursPerYear: op.hours,
    tensionStation: spec.kind === 'funicular' ? 'top' : rng.pick(['top', 'bottom'] as const),
    operatingSpeed: op.speed,
    loopLength: op.loopLength,
    bendsPerRevolution: op.bends,
  };
}

/**
 * Epoch seconds of the last and next TRUscan run, kept only where the domain schema accepts them. The device
 * measures daily: the next run is the first daily slot after `now` (seconds), never one already past.
 */
function truscanTimes(last: number, now: number): TruscanAttributes {
  let next = last + 86_400;
  while (next <= now) next += 86_400;
  const times = { lastMeasurement: Math.round(last), nextMeasurement: Math.round(next) };
  return truscanAttributesSchema.safeParse(times).success ? times : {};
}

function truscan(rng: Rng, cycles: number, ref: number): TruscanAttributes {
  const last = (ref - rng.int(2, 30) * HOUR) / 1000;
  return {
    status: rng.pick(['idle', 'waiting', 'idle'] as const),
    ropeSpeed: 5,
    bendingCycles: cycles,
    measurementWaiting: rng.int(1, 12) * 3600,
    ...truscanTimes(last, ref / 1000),
    uploadRunning: false,
    uploadAmount: rng.int(200, 900) * 1024,
    uploadTime: rng.int(60, 600),
  };
}

/** `deviceRef`: the TRUscan state is as fresh as the load (random.ts deviceReferenceOf). */
export async function insertHierarchy(
  db: Db,
  rng: Rng,
  people: DemoPeople,
  ref: number,
  deviceRef: number,
): Promise<DemoHierarchy> {
  const created = (daysAgo: number) => new Date(ref - daysAgo * DAY);
  const areaRows = await db
    .insert(areas)
    .values(
      AREAS.map((a, i) => ({
        mandatorId: people.mandatorIds[a.mandator]!,
        name: a.name,
        adminUserId: people.clientAdminByMandator[a.mandator] ?? null,
        mapZoom: a.zoom,
        mapBaseLayers: a.country === 'CH' ? CH_LAYERS : OTHER_LAYERS,
        mapDefaultBaseLayer: a.country === 'CH' ? ('swissCountryMap' as const) : DEFAULT_BASE_LAYER,
        lat: a.lat,
        lng: a.lng,
        ordering: i,
        createdAt: created(2000 - i),
        updatedAt: created(400 - i),
      })),
    )
    .returning({ id: areas.id });
  const areaIds = areaRows.map((r) => r.id);

  const result: DemoHierarchy = { areaIds, installations: [], ropes: [] };
  const pmName = people.nameOf.get(people.pmId) ?? '';
  const ropeRows: (typeof ropes.$inferInsert)[] = [];
  for (const [index, spec] of INSTALLATIONS.entries()) {
    const area = AREAS[spec.area]!;
    const op = operatingData(spec, rng);
    const origin = SITES[spec.name] ?? along([area.lat, area.lng], rng.float(0, 360), rng.float(200, 1500));
    const plans = planRopes(spec, op, rng, ref);
    const number = `${String(spec.year % 100).padStart(2, '0')}-${String(410 + index * 37).padStart(4, '0')}`;
    const attributes = installationAttributes(spec, op, rng, number, plans.length, pmName);
    const [row] = await db
      .insert(installations)
      .values({
        areaId: areaIds[spec.area]!,
        name: spec.name,
        ordering: INSTALLATIONS.filter((s, i) => s.area === spec.area && i < index).length,
        latlngs: installationLine(spec, origin),
        attributes,
        createdAt: created(1900 - index * 3),
        updatedAt: created(300 - index),
      })
      .returning({ id: installations.id });
    const inst: DemoInstallation = {
      id: row!.id,
      name: spec.name,
      areaId: areaIds[spec.area]!,
      mandator: area.mandator,
      spec,
      number,
      attributes,
      ropes: [],
    };
    result.installations.push(inst);
    plans.forEach((plan, i) => {
      const withTruscan = plan.role === 'haul' && spec.kind !== 'aerialTramway' && index % 3 === 0;
      if (withTruscan) plan.attributes.deviceSerialNumber = `TRU-${1000 + index * 7}`;
      ropeRows.push({
        installationId: inst.id,
        name: plan.name,
        ordering: i,
        latlngs: ropeLine(spec, origin, i, plan.lateral),
        attributes: plan.attributes,
        truscanAttributes: withTruscan ? truscan(rng, plan.attributes.bendingCyclesUntilNow ?? 0, deviceRef) : {},
        createdAt: created(1800 - index * 3),
        updatedAt: created(200 - index),
      });
      inst.ropes.push({
        id: 0,
        name: plan.name,
        role: plan.role,
        installation: inst,
        attributes: plan.attributes,
        spliced: plan.spliced,
        cyclesPerYear: round(plan.cyclesPerYear),
        installedAt: plan.installedAt,
      });
    });
  }
  const ropeIds = await db.insert(ropes).values(ropeRows).returning({ id: ropes.id });
  result.ropes = result.installations.flatMap((i) => i.ropes);
  result.ropes.forEach((rope, i) => {
    rope.id = ropeIds[i]!.id;
  });
  return result;
}
