import {
  EVENT_TYPES_BY_RECORDING,
  INSPECTION_FILE_MAX_BYTES,
  ropeEventAttributesSchema,
} from '@rope/domain/events/schemas';
import type { ParsedInspection } from '@rope/domain/events/views';
import { englishText, issueMessage, message } from '@rope/domain/messages';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { z } from 'zod';
import { AppError, type ErrorText } from '../../http/app-error.ts';

/** The documented limit of an inspection file; a larger body answers 413. */
export const IMPORT_XML_MAX_BYTES = INSPECTION_FILE_MAX_BYTES;

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
const optionalNumber = z.coerce.number().finite().optional();

const damageSchema = z.object({
  position: z.coerce.number().finite(),
  count: z.coerce.number().int().min(0).optional(),
  lossPct: optionalNumber,
  type: z.enum(EVENT_TYPES_BY_RECORDING.damage).default('wireBreak'),
  comment: z.string().max(65_536).optional(),
});

const inspectionSchema = z.object({
  timestamp: z.iso.datetime({ offset: true }),
  type: z.enum(EVENT_TYPES_BY_RECORDING.measurement).default('mrtInspection'),
  bendingCycles: optionalNumber,
  operationHours: optionalNumber,
  reportedBy: z.string().max(255).optional(),
  description: z.string().max(65_536).optional(),
  crossSectionLoss: z
    .object({ value: z.coerce.number().min(0), unit: z.enum(['percent', 'mm2']).default('percent') })
    .optional(),
  damages: z.array(damageSchema).max(100_000),
});

/** The file's names of the event attributes, so a refusal names what the file calls the field. */
const MEASUREMENT_FIELDS: Record<string, string> = {
  crossSectionLossAmount: 'crossSectionLoss',
  crossSectionLossUnit: 'crossSectionLoss.unit',
};
const DAMAGE_FIELDS: Record<string, string> = {
  damageCount: 'count',
  crossSectionLossAmount: 'lossPct',
  description: 'comment',
};

/** 400 naming the file's field at fault: its problem in the message (English) and by key in the field. */
function invalidAt(field: string, problem: ErrorText) {
  const text = problem.text ?? englishText(problem);
  return new AppError('VALIDATION', message('app.errors.inspectionInvalidAt', { field, problem: text }), {
    [field]: problem,
  });
}

const issueProblem = (issue: z.core.$ZodIssue): ErrorText => ({ ...issueMessage(issue), text: issue.message });

/** The parser refuses names such as __proto__ or constructor (prototype pollution) by throwing: that is a 400. */
function parseDocument(parser: XMLParser, xml: string): Record<string, unknown> {
  try {
    return parser.parse(xml) as Record<string, unknown>;
  } catch (error) {
    const name = /"([^"]+)"/.exec(error instanceof Error ? error.message : '')?.[1];
    throw name
      ? invalidAt(name, message('app.errors.inspectionNameNotAllowed', { name }))
      : new AppError('VALIDATION', message('app.errors.inspectionUnreadable'));
  }
}

/** Entities and DOCTYPEs are refused before any parsing, so no file can expand or reach outside itself. */
export function refuseDoctype(xml: string) {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new AppError('VALIDATION', message('app.errors.inspectionDoctype'));
}

/**
 * Reads an inspection file of our documented format (docs/inspection-xml.md) into the measurement event and the
 * damages it found. Entities and DOCTYPEs are refused, so no file can expand or reach outside itself.
 */
export function parseInspectionXml(xml: string): ParsedInspection {
  refuseDoctype(xml);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    const { msg: problem, line, col: column } = valid.err;
    throw new AppError('VALIDATION', message('app.errors.inspectionNotWellFormed', { problem, line, column }));
  }
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    processEntities: false,
    parseTagValue: false,
    trimValues: true,
    removeNSPrefix: true,
  });
  const document = parseDocument(parser, xml);
  const root = document.inspection as Record<string, unknown> | undefined;
  if (!root || typeof root !== 'object') throw new AppError('VALIDATION', message('app.errors.inspectionRoot'));
  const loss = root.crossSectionLoss as { '#text'?: string; unit?: string } | string | undefined;
  const parsed = inspectionSchema.safeParse({
    ...root,
    crossSectionLoss:
      loss === undefined
        ? undefined
        : typeof loss === 'string'
          ? { value: loss }
          : { value: loss['#text'], unit: loss.unit },
    damages: asArray((root.damages as { damage?: unknown } | undefined)?.damage),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalidAt(issue.path.join('.') || 'inspection', issueProblem(issue));
  }
  const inspection = parsed.data;
  const attributesOf = (value: object, fieldOf: (key: string) => string) => {
    const checked = ropeEventAttributesSchema.safeParse(value);
    if (checked.success) return checked.data;
    const issue = checked.error.issues[0]!;
    throw invalidAt(fieldOf(String(issue.path[0] ?? '')), issueProblem(issue));
  };
  const common = {
    timestamp: inspection.timestamp,
    isImported: true,
    actionStatus: 'new' as const,
    bendingCycles: inspection.bendingCycles,
    reportedBy: inspection.reportedBy ? { name: inspection.reportedBy } : undefined,
  };
  const ropeEvent = {
    position: null,
    attributes: attributesOf(
      {
        ...common,
        recordingType: 'measurement',
        type: inspection.type,
        operationHours: inspection.operationHours,
        description: inspection.description,
        crossSectionLossAmount: inspection.crossSectionLoss?.value,
        crossSectionLossUnit: inspection.crossSectionLoss?.unit,
      },
      (key) => MEASUREMENT_FIELDS[key] ?? key,
    ),
  };
  const damages = inspection.damages.map((damage, index) => ({
    position: damage.position,
    attributes: attributesOf(
      {
        ...common,
        recordingType: 'damage',
        type: damage.type,
        detection: 'mrt',
        damageCount: damage.count,
        crossSectionLossAmount: damage.lossPct,
        crossSectionLossUnit: damage.lossPct === undefined ? undefined : 'percent',
        description: damage.comment,
      },
      (key) => `damages.${index}.${DAMAGE_FIELDS[key] ?? MEASUREMENT_FIELDS[key] ?? key}`,
    ),
  }));
  return { ropeEvent, damages };
}
