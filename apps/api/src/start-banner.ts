import type { BootstrapResult } from './bootstrap.ts';
import type { AppContext } from './context.ts';
import { loopbackOnly } from './env.ts';
import { writeAfterLog } from './logger.ts';

/** The URL, the database, the logins: written after every line logged before it, so they are the last lines seen. */
export function printStartBanner({
  ctx,
  url,
  bootstrap,
  host,
}: {
  ctx: AppContext;
  url: string;
  bootstrap: BootstrapResult;
  host: string;
}) {
  const lines = [
    '',
    `Rope Cockpit ${ctx.version} is running at ${url}`,
    `  database: ${ctx.database.kind}${ctx.embedded ? ` (${ctx.env.DATA_DIR}/db)` : ''}, jobs: ${ctx.queue.kind}, API documentation: ${url}/api/doc`,
  ];
  if (bootstrap.demo) {
    lines.push(`  demo logins (password ${bootstrap.demo.password}):`);
    for (const account of bootstrap.demo.accounts) lines.push(`    ${account.email.padEnd(26)} ${account.role}`);
    lines.push('  demo API keys (Authorization: Bearer <key>):');
    for (const key of bootstrap.demo.apiKeys) lines.push(`    ${key.role.padEnd(26)} ${key.key}`);
  }
  if (bootstrap.adminCreated) lines.push(`  first admin created: ${bootstrap.adminCreated}`);
  if (loopbackOnly(host)) {
    lines.push(
      `  listening on ${host} only: this machine can open it, no other. HOST=0.0.0.0 opens it to the network${bootstrap.demo ? ' (change the demo passwords first: they are published)' : ''}.`,
    );
  }
  lines.push('');
  writeAfterLog(ctx.log, `${lines.join('\n')}\n`);
}
