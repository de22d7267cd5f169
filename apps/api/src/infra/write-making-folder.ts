import { mkdir } from 'node:fs/promises';

/**
 * Writes into `directory`, making it first only when the write finds it missing (the first mail, or a folder removed
 * while the cockpit runs): a `mkdir` before every write was about a fifteenth of the busy morning's worker CPU (45
 * mails a second written to the outbox folder). A missing folder fails the write at its open, before any byte.
 */
export async function writeMakingFolder(directory: string, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(directory, { recursive: true });
    await write();
  }
}
