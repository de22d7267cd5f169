import type { Db } from '@rope/db/client';
import { areas, installations, mandators, ropes } from '@rope/db/schema/index';
import { mulberry32 } from '../../apps/api/src/demo/random.ts';

/** The reference data set the performance goals are measured on, the parts a benchmark asks for. */
export const DATASET = { mandators: 10, areas: 50, installations: 500, ropes: 2000 } as const;

export async function generateHierarchy(db: Db, size = DATASET) {
  // Deterministic, so both arms of a benchmark read the same rows in every run.
  const random = mulberry32(42);
  const mandatorRows = await db
    .insert(mandators)
    .values(Array.from({ length: size.mandators }, (_, i) => ({ name: `Mandator ${i + 1}` })))
    .returning({ id: mandators.id });
  const areaRows = await db
    .insert(areas)
    .values(
      Array.from({ length: size.areas }, (_, i) => ({
        name: `Area ${i + 1}`,
        mandatorId: mandatorRows[i % mandatorRows.length]!.id,
        lat: 45.8 + random() * 1.5,
        lng: 6.5 + random() * 4,
        ordering: i,
      })),
    )
    .returning({ id: areas.id });
  const installationRows = await db
    .insert(installations)
    .values(
      Array.from({ length: size.installations }, (_, i) => ({
        name: `Installation ${i + 1}`,
        areaId: areaRows[i % areaRows.length]!.id,
        ordering: Math.floor(i / areaRows.length),
        attributes: { installationType: 'ropeway' as const, ropewayType: 'gondola' as const, operatingSpeed: 5 },
      })),
    )
    .returning({ id: installations.id });
  const ropeValues = Array.from({ length: size.ropes }, (_, i) => {
    const damage = Math.round(random() * 1200) / 10;
    return {
      name: `Rope ${i + 1}`,
      installationId: installationRows[i % installationRows.length]!.id,
      ordering: Math.floor(i / installationRows.length),
      attributes: { ropeType: 'strandedRope' as const, nominalDiameter: 40, metallicCrossSection: 614.4 },
      damages: {
        standard: 'EN12927' as const,
        status: 'computed' as const,
        missingInputs: [],
        utilisation: { '6': damage / 100 },
        damage,
        health: Math.max(0, 100 - damage),
        computedAt: '2026-11-01T00:00:00.000Z',
      },
    };
  });
  for (let i = 0; i < ropeValues.length; i += 500) await db.insert(ropes).values(ropeValues.slice(i, i + 500));
  return {
    mandatorIds: mandatorRows.map((row) => row.id),
    areaIds: areaRows.map((row) => row.id),
    installationIds: installationRows.map((row) => row.id),
  };
}
