import { connect } from 'node:net';

/**
 * Empties the bench's own Redis database before a run. Each run has a new PostgreSQL database, whose outbox ids start
 * at 1 again; a tree from before b3b7122 named its jobs in Redis by that id alone, so from a run's second time on Redis
 * took them for the earlier run's finished jobs and dropped them, and the worker measured idle.
 */
export function emptyRedisDatabase(url: URL): Promise<void> {
  const database = url.pathname.slice(1) || '0';
  const command = (...words: string[]) =>
    `*${words.length}\r\n${words.map((word) => `$${Buffer.byteLength(word)}\r\n${word}\r\n`).join('')}`;
  const auth = url.password
    ? command('AUTH', ...(url.username ? [decodeURIComponent(url.username)] : []), decodeURIComponent(url.password))
    : '';
  const replies = auth ? 3 : 2;
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port || 6379), url.hostname);
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (answer.split('\r\n').length <= replies) return;
      socket.end();
      if (answer === '+OK\r\n'.repeat(replies)) resolve();
      else reject(new Error(`Redis did not empty database ${database}: ${answer.trim()}`));
    });
    socket.on('error', reject);
    socket.write(auth + command('SELECT', database) + command('FLUSHDB'));
  });
}
