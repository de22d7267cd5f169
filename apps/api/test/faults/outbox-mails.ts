import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface OutboxMail {
  subject: string;
  messageId: string;
}

/** Reads the .eml files the outbox mailer wrote (each read once: files are never changed after writing). */
export function createOutboxReader(directory: string) {
  const mails = new Map<string, OutboxMail>();
  return {
    read(): OutboxMail[] {
      let names: string[] = [];
      try {
        names = readdirSync(directory);
      } catch {
        return [];
      }
      for (const name of names) {
        if (!name.endsWith('.eml') || mails.has(name)) continue;
        const text = readFileSync(join(directory, name), 'utf8');
        const header = (field: string) => new RegExp(`^${field}: (.*)$`, 'im').exec(text)?.[1]?.trim() ?? '';
        // A file caught half-written has no body yet: read it on the next pass.
        if (!/\r?\n\r?\n/.test(text)) continue;
        mails.set(name, { subject: header('Subject'), messageId: header('Message-ID') });
      }
      return [...mails.values()];
    },
  };
}
