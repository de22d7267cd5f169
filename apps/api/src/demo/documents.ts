import type { Db } from '@rope/db/client';
import { documents, folders, projects } from '@rope/db/schema/index';
import type { FolderTranslations } from '@rope/domain/documents/schemas';
import type { Storage } from '../infra/storage/types.ts';
import type { DemoPeople } from './accounts.ts';
import { AREAS } from './catalog.ts';
import type { DemoEvent } from './events.ts';
import { makePdf, makePng } from './files.ts';
import type { DemoHierarchy } from './hierarchy.ts';
import { DAY, HOUR, type Rng } from './random.ts';

interface DocSpec {
  name: string;
  lines?: string[];
  hue?: number;
  location: string;
  targetType: 'folder' | 'area' | 'installation' | 'rope' | 'project' | 'event';
  targetId?: number;
  folder?: string;
  createdAt: number;
  createdBy: number | null;
  habel?: { attart: string; receipttype: string; installationNumber: string };
}

const FOLDERS: { key: string; parent?: string; t: Required<FolderTranslations> }[] = [
  { key: 'manuals', t: { ENU: 'Manuals', DES: 'Handbücher', FRS: 'Manuels', ESP: 'Manuales' } },
  {
    key: 'maintenance',
    parent: 'manuals',
    t: { ENU: 'Maintenance', DES: 'Wartung', FRS: 'Maintenance', ESP: 'Mantenimiento' },
  },
  {
    key: 'operation',
    parent: 'manuals',
    t: { ENU: 'Operation', DES: 'Betrieb', FRS: 'Exploitation', ESP: 'Operación' },
  },
  { key: 'regulations', t: { ENU: 'Regulations', DES: 'Vorschriften', FRS: 'Réglementation', ESP: 'Normativa' } },
  { key: 'training', t: { ENU: 'Training', DES: 'Schulung', FRS: 'Formation', ESP: 'Formación' } },
];

const GENERAL: [string, string, string][] = [
  ['manuals', 'Rope Cockpit user guide.pdf', 'ENU,DES'],
  ['maintenance', 'Haul rope maintenance manual.pdf', 'ENU,DES'],
  ['maintenance', 'Long splice inspection guideline.pdf', 'ENU'],
  ['maintenance', 'Rope lubrication schedule.pdf', 'ENU,DES,FRS'],
  ['operation', 'Operating instructions detachable ropeways.pdf', 'ENU,DES,FRS'],
  ['regulations', 'EN 12927 discard criteria summary.pdf', 'ENU,DES'],
  ['regulations', 'ISO 4309 broken wire limits.pdf', 'ENU'],
  ['training', 'Magnetic rope testing basics.pdf', 'ENU,FRS,ESP'],
  ['training', 'Wire break identification.png', 'ENU,DES,FRS,ESP'],
];

const languageOf = (country: string) => (country === 'AT' || country === 'CH' ? 'ENU,DES' : 'ENU,FRS');

export async function insertDocuments(
  db: Db,
  storage: Storage,
  stored: string[],
  rng: Rng,
  h: DemoHierarchy,
  people: DemoPeople,
  events: DemoEvent[],
  ref: number,
): Promise<number> {
  const folderIds = new Map<string, number>();
  for (const [i, f] of FOLDERS.entries()) {
    const [row] = await db
      .insert(folders)
      .values({
        name: f.t.ENU,
        parentFolderId: f.parent ? folderIds.get(f.parent) : null,
        translations: f.t,
        ordering: i,
        createdAt: new Date(ref - 1500 * DAY),
      })
      .returning({ id: folders.id });
    folderIds.set(f.key, row!.id);
  }
  const staffOf = (mandator: number) => people.clientsByMandator[mandator] ?? [];
  const when = (minDays: number, maxDays: number) => ref - rng.float(minDays, maxDays) * DAY;
  const specs: DocSpec[] = GENERAL.map(([folder, name, location], i) => ({
    name,
    folder,
    location,
    targetType: 'folder',
    createdAt: i === 0 ? ref - 2 * DAY : when(30, 1400),
    createdBy: people.adminId,
    lines: ['General document for all operators.', `Folder: ${folder}`, 'See the current edition of the standard.'],
  }));

  h.areaIds.forEach((areaId, i) => {
    const area = AREAS[i]!;
    const by = staffOf(area.mandator)[0] ?? null;
    specs.push({
      name: `Site map ${area.name}.png`,
      hue: i * 45,
      location: languageOf(area.country),
      targetType: 'area',
      targetId: areaId,
      createdAt: when(400, 1500),
      createdBy: by,
    });
    specs.push({
      name: `Emergency evacuation plan ${area.name}.pdf`,
      location: languageOf(area.country),
      targetType: 'area',
      targetId: areaId,
      createdAt: when(i < 2 ? 1 : 60, i < 2 ? 6 : 900),
      createdBy: by,
      lines: [`Area: ${area.name}`, 'Rescue teams, meeting points and evacuation routes per installation.'],
    });
  });
  for (const [i, inst] of h.installations.entries()) {
    const by = staffOf(inst.mandator)[i % 2] ?? null;
    const loc = languageOf(inst.attributes.country ?? 'CH');
    specs.push({
      name: `Operating permit ${inst.name}.pdf`,
      location: loc,
      targetType: 'installation',
      targetId: inst.id,
      createdAt: when(500, 1800),
      createdBy: people.pmId,
      lines: [
        `Installation: ${inst.name}`,
        `Number: ${inst.number}`,
        `Built: ${inst.spec.year}`,
        `Location: ${inst.spec.location}`,
      ],
    });
    if (i % 2 === 0)
      specs.push({
        name: `Annual acceptance report ${inst.name}.pdf`,
        location: 'ENU',
        targetType: 'installation',
        targetId: inst.id,
        createdAt: when(i % 6 === 0 ? 0.5 : 20, i % 6 === 0 ? 6 : 300),
        createdBy: by,
        lines: [`Installation: ${inst.name}`, 'Result: fit for operation, no restrictions.'],
      });
    if (i % 3 === 0)
      specs.push({
        name: `Station overview ${inst.name}.png`,
        hue: (i * 23) % 360,
        location: 'ENU',
        targetType: 'installation',
        targetId: inst.id,
        createdAt: when(100, 1000),
        createdBy: by,
      });
  }
  for (const rope of h.ropes) {
    if (rope.role === 'tension' || rope.role === 'counter') continue;
    const a = rope.attributes;
    const by = staffOf(rope.installation.mandator)[0] ?? null;
    specs.push({
      name: `Rope certificate ${rope.name} - ${rope.installation.name}.pdf`,
      location: 'ENU',
      targetType: 'rope',
      targetId: rope.id,
      createdAt: Math.min(ref - DAY, rope.installedAt + 5 * DAY),
      createdBy: by,
      lines: [
        `Rope: ${rope.name}`,
        `Construction: ${a.construction}`,
        `Nominal diameter: ${a.nominalDiameter} mm`,
        `Metallic cross-section: ${a.metallicCrossSection} mm2`,
        `Minimum breaking force: ${a.minimumBreakingForce} kN`,
        `Manufacturer: ${a.ropeManufacturer}`,
      ],
    });
    if (rope.role === 'haul') {
      const year = new Date(ref).getUTCFullYear() - (rope.id % 2);
      specs.push({
        name: `MRT report ${year} ${rope.installation.name}.pdf`,
        location: 'ENU,DES',
        targetType: 'rope',
        targetId: rope.id,
        createdAt: rope.id % 4 === 0 ? when(0.2, 6.5) : when(30, 500),
        createdBy: null,
        lines: [
          `Magnetic rope test ${year}`,
          `Rope: ${rope.name} (${rope.installation.name})`,
          'LMA and LF traces attached in the original report.',
        ],
      });
    }
  }
  const projectInstallations = h.installations
    .filter((inst) => ['chairlift', 'gondola', 'aerialTramway'].includes(inst.spec.kind))
    .filter((_, i) => i % 3 === 0);
  for (const inst of projectInstallations) {
    const [row] = await db
      .insert(projects)
      .values({
        installationNumber: inst.number,
        description: `${inst.name} (${inst.spec.location})`,
        country: inst.attributes.country ?? null,
        facilityType: inst.spec.kind,
        facilityConstructorBranch: inst.spec.maker,
        facilityNumber: inst.attributes.installationNumberManufacturer ?? null,
        projectManagerUserId: people.pmId,
        createdAt: new Date(ref - 1200 * DAY),
      })
      .returning({ id: projects.id });
    for (const [k, kind] of ['Inspection report', 'Rope replacement offer', 'Service protocol'].entries()) {
      const habel = {
        attart: kind === 'Service protocol' ? 'Protokoll' : 'Bericht',
        receipttype: k === 1 ? 'Angebot' : 'Prüfbericht',
        installationNumber: inst.number,
      };
      specs.push({
        name: `${kind} ${inst.number}.pdf`,
        location: 'ENU,DES',
        targetType: 'project',
        targetId: row!.id,
        createdAt: when(k === 0 ? 1 : 40, k === 0 ? 5 : 700),
        createdBy: people.pmId,
        habel,
        lines: [`Project ${inst.number}: ${inst.name}`, `Document type: ${kind}`],
      });
    }
  }
  const photos = events.filter(
    (e) => e.attributes.type === 'wireBreak' && e.attributes.detection === 'manual' && e.occurredAt > ref - 400 * DAY,
  );
  for (const e of photos.filter((_, i) => i % 4 === 0).slice(0, 15)) {
    specs.push({
      name: `Damage photo ${e.position?.toFixed(1)} m.png`,
      hue: 20,
      location: 'ENU',
      targetType: 'event',
      targetId: e.id,
      createdAt: e.occurredAt + HOUR,
      createdBy: staffOf(e.rope.installation.mandator)[0] ?? null,
    });
  }

  const pngCache = new Map<number, Uint8Array>();
  const rows: (typeof documents.$inferInsert)[] = [];
  for (const spec of specs) {
    const isPng = spec.name.endsWith('.png');
    let bytes: Uint8Array;
    if (isPng) {
      const hue = spec.hue ?? 0;
      bytes = pngCache.get(hue) ?? makePng(hue);
      pngCache.set(hue, bytes);
    } else {
      bytes = await makePdf(
        spec.name.replace(/\.pdf$/, ''),
        spec.lines ?? [],
        new Date(Math.floor(spec.createdAt / DAY) * DAY),
      );
    }
    const mimeType = isPng ? 'image/png' : 'application/pdf';
    const { key } = await storage.put(bytes, { extension: isPng ? 'png' : 'pdf', prefix: 'documents', type: mimeType });
    stored.push(key);
    rows.push({
      name: spec.name,
      mimeType,
      storageKey: key,
      size: bytes.length,
      location: spec.location,
      folderId: spec.folder ? folderIds.get(spec.folder) : null,
      targetType: spec.targetType,
      targetId: spec.targetId ?? (spec.folder ? folderIds.get(spec.folder) : null) ?? null,
      isHabel: spec.habel !== undefined,
      habelAttart: spec.habel?.attart ?? null,
      habelReceipttype: spec.habel?.receipttype ?? null,
      habelErfdat: spec.habel ? new Date(spec.createdAt).toISOString().slice(0, 10) : null,
      installationNumber: spec.habel?.installationNumber ?? null,
      createdByUserId: spec.createdBy,
      createdAt: new Date(Math.round(spec.createdAt)),
    });
  }
  await db.insert(documents).values(rows);
  return rows.length;
}
