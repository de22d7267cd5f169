/**
 * What a notification says, as data: the server words it in each recipient's language from the translation files
 * (apps/web/src/i18n/locales/<language>/mail.json) and stores it with its English text, so the installation's table
 * shows what was sent even after a rule or a name changes.
 */

export const NOTIFICATION_TEXT_MAX = 1000;

export interface NotificationPlace {
  installationName: string;
  ropeName?: string | null;
}

export type NotificationTextInput = NotificationPlace &
  (
    | { type: 'ropeHealth'; threshold: number; value: number }
    | { type: 'smartropeThreshold'; threshold: number; value: number }
    | { type: 'newDocument'; documentName?: string | null }
    | { type: 'event'; recordingType: string; eventType: string }
    | {
        type: 'taskDue';
        taskTitle: string;
        /** ISO instant the task fell due, named as a day in `timeZone` (the installation's when announced). */
        dueAt?: string | null;
        timeZone?: string | null;
        cycles?: number | null;
      }
  );
