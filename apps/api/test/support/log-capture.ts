import { Writable } from 'node:stream';

/** A log stream for createTestApp that keeps every line it is given, to read what the app logged. */
export function captureLog(): { stream: Writable; lines: string[]; logged: () => string } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { stream, lines, logged: () => lines.join('') };
}
