import type { TFunction } from 'i18next';
import type { OutboxEntry } from '../../../lib/device-store';
import type { Formatters } from '../../../lib/format';
import { messageText } from '../../../lib/messages';
import { type FieldLabel, problemLines } from '../../../lib/problem-lines';
import { photosBodyOf } from '../photo-entry';
import { type TaskFields, taskBodyOf } from '../task-entry';

interface QueuedEvent {
  ropeEvent?: {
    position?: number | null;
    attributes?: { type?: string; damageCount?: number; positionEnd?: number; description?: string };
  };
}

/** How much of a note the panel repeats: enough to tell entries apart. */
const NOTE_SHOWN = 120;

type Translate = (key: string, options: object) => string;

const statusText = (t: TFunction, status: TaskFields['status'] | undefined) =>
  (t as unknown as Translate)(`tasks.status.${status}`, { defaultValue: status ?? '–' });

const eventTypeText = (t: TFunction, type: string) =>
  (t as unknown as Translate)(`enums.eventTypes.${type}`, { defaultValue: type });

/**
 * What an entry is, in the user's words: "Drahtbruch an Förderseil", "Aufgabe «Seil schmieren» an Förderseil",
 * "2 Fotos zu Drahtbruch an Förderseil".
 */
export function entryTitle(t: TFunction, entry: OutboxEntry): string {
  if (entry.kind === 'patchTask') {
    return t('field.outbox.task', { task: taskBodyOf(entry).taskTitle, rope: entry.ropeName });
  }
  if (entry.kind === 'uploadPhotos') {
    const type = eventTypeText(t, photosBodyOf(entry).eventType);
    return t('field.outbox.photos', { count: entry.files?.length ?? 0, type, rope: entry.ropeName });
  }
  const type = (entry.body as QueuedEvent).ropeEvent?.attributes?.type ?? '';
  return t('field.outbox.event', { type: eventTypeText(t, type), rope: entry.ropeName });
}

/**
 * What an entry holds, the device's version of it: an event's position, wires and note; what a task change sets and
 * adds ("New status: In progress", "Note to add: …"); that photos wait for their event's entry (sent, or refused and
 * kept until the user decides). Beside a refusal's reason, the inspector sees what the server did not take.
 */
export function entryDetails(
  t: TFunction,
  entry: OutboxEntry,
  format?: Pick<Formatters, 'position' | 'integer'>,
): string[] {
  if (entry.kind === 'uploadPhotos') return entry.afterEntryId ? [t('field.outbox.waitsForEvent')] : [];
  if (entry.kind === 'createEvent') return eventDetails(t, entry, format);
  if (entry.kind !== 'patchTask') return [];
  const { patch } = taskBodyOf(entry);
  const status = patch.attributes?.status;
  return [
    // In conflict, the status shows as one of the two versions (entryVersions).
    ...(status && entry.state !== 'conflict' ? [t('field.outbox.taskStatus', { status: statusText(t, status) })] : []),
    ...(patch.note ? [t('field.outbox.taskNote', { note: patch.note })] : []),
  ];
}

function eventDetails(t: TFunction, entry: OutboxEntry, format?: Pick<Formatters, 'position' | 'integer'>): string[] {
  const event = (entry.body as QueuedEvent).ropeEvent;
  const attributes = event?.attributes ?? {};
  const label = t as unknown as (key: string) => string;
  // The label carries the unit ("Position [m]"), as the events table's header does.
  const at = (metres: number) => (format ? format.position(metres) : String(metres));
  const lines: string[] = [];
  if (typeof event?.position === 'number') {
    const value =
      typeof attributes.positionEnd === 'number'
        ? t('field.outbox.range', { start: at(event.position), end: at(attributes.positionEnd) })
        : at(event.position);
    lines.push(t('field.outbox.detail', { label: label('common.fields.position'), value }));
  }
  if (typeof attributes.damageCount === 'number') {
    const count = format ? format.integer(attributes.damageCount) : String(attributes.damageCount);
    lines.push(t('field.outbox.detail', { label: label('events.fields.damageCount'), value: count }));
  }
  const note = attributes.description?.trim();
  if (note) {
    const shown = note.length > NOTE_SHOWN ? `${note.slice(0, NOTE_SHOWN)}…` : note;
    lines.push(t('field.outbox.detail', { label: label('events.fields.description'), value: shown }));
  }
  return lines;
}

/** An entry in conflict: the server's version (changed meanwhile) and the device's, and whether a note goes anyway. */
export function entryVersions(t: TFunction, entry: OutboxEntry): string[] {
  if (entry.kind !== 'patchTask' || entry.state !== 'conflict') return [];
  const { patch } = taskBodyOf(entry);
  const server = (entry.conflict?.server ?? {}) as Partial<TaskFields>;
  return [
    t('field.outbox.onServer', { status: statusText(t, server.status) }),
    t('field.outbox.onDevice', { status: statusText(t, patch.attributes?.status) }),
    ...(patch.note ? [t('field.outbox.noteStays')] : []),
  ];
}

/** Why the server refused it, in the user's language: each field at fault named as its form names it, or the reason. */
export function entryFailure(t: TFunction, entry: OutboxEntry): string[] {
  const failure = entry.failure;
  if (!failure) return [];
  const fields = Object.entries(failure.fieldKeys ?? {});
  if (fields.length > 0) {
    // The answer's own message is the first field's: the lines name every field instead.
    return problemLines(
      fields.map(([path, key]) => ({ path, message: messageText(t, key) })),
      outboxFieldLabel(t),
      (label, value) => t('field.outbox.detail', { label, value }),
    );
  }
  return [failure.key ? messageText(t, failure.key) : t('field.outbox.refused', { status: failure.status })];
}

// The label trees by their whole keys, so that the build sees which texts this code shows
// (build-plugins/texts-named.ts).
const EVENT_FIELD_LABELS = 'events.fields';
const TASK_STATUS_LABEL = 'common.fields.status';
const TASK_NOTE_LABEL = 'tasks.dialog.note';

/**
 * The label of a field of what the queue sends, as the event and task dialogs show it: `ropeEvent.position`,
 * `ropeEvent.attributes.damageCount`, `ropeEvent.attributes.reportedBy.name`, `task.attributes.status`, `note`.
 */
function outboxFieldLabel(t: TFunction): FieldLabel {
  const label = t as unknown as (key: string, options?: object) => string;
  return (path) => {
    const [entity, ...rest] = path;
    if (entity === 'ropeEvent') {
      const [field] = rest[0] === 'attributes' ? rest.slice(1) : rest;
      const key = `${EVENT_FIELD_LABELS}.${field}`;
      return field && label(key, { defaultValue: '' }) ? label(key) : undefined;
    }
    if (entity === 'task' && rest.at(-1) === 'status') return label(TASK_STATUS_LABEL);
    if (entity === 'note' || (entity === 'task' && rest.at(-1) === 'note')) return label(TASK_NOTE_LABEL);
    return undefined;
  };
}
