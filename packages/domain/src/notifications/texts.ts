/**
 * The English texts of notifications, their mails and SMS. Notifications are stored with their text, so the
 * installation's table shows what was sent even after a rule or a name changes.
 */

const LABELS: Record<string, string> = {
  ropeHealth: 'rope health',
  newDocument: 'new document',
  smartropeThreshold: 'smartrope threshold',
  taskDue: 'task due',
  damage: 'damage',
  measurement: 'measurement',
  mutation: 'mutation',
  wireBreak: 'wire break',
  corrosion: 'corrosion',
  wear: 'wear',
  deformation: 'deformation',
  other: 'other',
  repair: 'repair',
  repairPiece: 'repair piece',
  mrtInspection: 'MRT inspection',
  spliceInspection: 'splice inspection',
  diameterMeasurement: 'diameter measurement',
  visualInspection: 'visual inspection',
  shortening: 'shortening',
  extension: 'extension',
  resplice: 'resplice',
  sectionReplacement: 'section replacement',
};

export const NOTIFICATION_TEXT_MAX = 1000;
const SUBJECT_MAX = 200;
const SMS_MAX = 320;

export function ruleTypeLabel(type: string): string {
  return LABELS[type] ?? type;
}

/** 35 → "35", 35.25 → "35.3": one decimal at most, none when whole. */
export function formatNumber(value: number): string {
  return String(Math.round(value * 10) / 10);
}

export interface NotificationPlace {
  installationName: string;
  ropeName?: string | null;
}

const where = ({ installationName, ropeName }: NotificationPlace) =>
  ropeName ? `rope '${ropeName}' of ${installationName}` : installationName;

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export type NotificationTextInput = NotificationPlace &
  (
    | { type: 'ropeHealth'; threshold: number; value: number }
    | { type: 'smartropeThreshold'; threshold: number; value: number }
    | { type: 'newDocument'; documentName?: string | null }
    | { type: 'event'; recordingType: string; eventType: string }
    | { type: 'taskDue'; taskTitle: string; dueAt?: string | null; cycles?: number | null }
  );

/** The notification's own text, e.g. "Rope 'Haul rope' of Gondola Zermatt fell below 40 % health (now 35 %)". */
export function notificationText(input: NotificationTextInput): string {
  return clip(textOf(input), NOTIFICATION_TEXT_MAX);
}

function textOf(input: NotificationTextInput): string {
  switch (input.type) {
    case 'ropeHealth':
      return `${capitalise(where(input))} fell below ${formatNumber(input.threshold)} % health (now ${formatNumber(input.value)} %)`;
    case 'smartropeThreshold':
      return `A smartrope measurement on ${where(input)} exceeded ${formatNumber(input.threshold)} (now ${formatNumber(input.value)})`;
    case 'newDocument':
      return input.documentName
        ? `New document '${input.documentName}' on ${where(input)}`
        : `New document on ${where(input)}`;
    case 'event': {
      const detail =
        input.eventType && input.eventType !== input.recordingType ? ` (${ruleTypeLabel(input.eventType)})` : '';
      return `New ${ruleTypeLabel(input.recordingType)} event${detail} on ${where(input)}`;
    }
    case 'taskDue': {
      const why = input.dueAt
        ? `due since ${input.dueAt.slice(0, 10)}`
        : `due at ${Math.round(input.cycles ?? 0).toLocaleString('en-US')} bending cycles`;
      return `Task '${input.taskTitle}' on ${where(input)} is ${why}`;
    }
  }
}

export interface NotificationMailInput {
  text: string;
  type: string;
  installationName: string;
  areaName: string;
  triggeredAt: Date;
  /** The page of the rope or installation in the web client. */
  openLink: string;
  unsubscribeLink: string;
  /** Identifies this one mail (the delivery), for support and for telling duplicates apart. */
  reference: string;
}

export function notificationMail(input: NotificationMailInput): { subject: string; text: string } {
  return {
    subject: clip(`Rope Cockpit: ${input.text}`, SUBJECT_MAX),
    text: [
      input.text,
      '',
      `Rule: ${ruleTypeLabel(input.type)}`,
      `Installation: ${input.installationName} (${input.areaName})`,
      `Triggered at: ${input.triggeredAt.toISOString().replace('T', ' ').slice(0, 16)} UTC`,
      '',
      `Open: ${input.openLink}`,
      '',
      'You receive this mail because you are a recipient of the notifications of this installation.',
      `Unsubscribe from all notification mails: ${input.unsubscribeLink}`,
      '',
      `Reference: ${input.reference}`,
    ].join('\n'),
  };
}

export function notificationSms(text: string): string {
  return clip(`Rope Cockpit: ${text}`, SMS_MAX);
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
