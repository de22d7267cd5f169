import { buildApp } from './app.ts';
import { bootstrapData } from './bootstrap.ts';
import { closeContext, createContext } from './context.ts';
import { EnvError, listenHost, parseEnv, publicUrl } from './env.ts';
import { keepRunningThroughRedisOutages } from './infra/redis-outage-guard.ts';
import { registerJobs } from './jobs/registry.ts';
import { createLogger } from './logger.ts';
import { provisionCockpitClientAtStart } from './modules/device-intake/cockpit-client.ts';
import { intakeClientId, startMqttIntake } from './modules/device-intake/mqtt-intake.ts';
import { listenForControl } from './ops/control-socket.ts';
import { printStartBanner } from './start-banner.ts';

async function main() {
  const env = parseEnv();
  const log = createLogger(env);
  keepRunningThroughRedisOutages(log);
  const ctx = await createContext(env, log).catch((error: unknown) => {
    throw new StartupError(`Cannot open the database: ${rootMessage(error)}`);
  });
  await ctx.database.migrate().catch((error: unknown) => {
    throw new StartupError(
      `Cannot migrate the database${env.DATABASE_URL ? ' at DATABASE_URL' : ''}: ${rootMessage(error)}`,
    );
  });
  // The embedded database has one owner: a backup of it is asked of this process (npm run backup).
  const control = ctx.embedded ? await listenForControl(env.DATA_DIR, ctx.database, log) : undefined;
  const bootstrap = await bootstrapData(ctx);
  registerJobs(ctx);
  ctx.queue.startRelay();
  // Embedded mode has no worker: the API process runs the jobs, the scheduled ones included.
  if (ctx.queue.kind === 'inline') await ctx.queue.startProcessing();
  // TRUscan commands go out with the cockpit's own broker client, and the embedded intake reads with it.
  await provisionCockpitClientAtStart(ctx);
  // Nor does it have a worker to take devices' MQTT messages: it takes them itself.
  const intake =
    ctx.queue.kind === 'inline' && env.MQTT_URL
      ? await startMqttIntake(ctx, env.MQTT_URL, intakeClientId(ctx, 'server')).catch((error: unknown) => {
          throw new StartupError(`Cannot subscribe to the MQTT broker at MQTT_URL: ${rootMessage(error)}`);
        })
      : undefined;
  const app = await buildApp(ctx);
  const host = listenHost(env);
  await app.listen({ port: env.PORT, host }).catch((error: Error) => {
    throw new StartupError(`Cannot listen on ${host}:${env.PORT}: ${rootMessage(error)}`);
  });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 25_000);
    force.unref();
    await app.close();
    await intake?.close();
    await control?.close();
    await closeContext(ctx);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  // The jobs of the start (the due-task scan and the mails it writes) log before the banner, which stays last.
  if (ctx.queue.kind === 'inline') await ctx.queue.idle(BANNER_WAIT_MS).catch(() => undefined);
  if (!stopping) printStartBanner({ ctx, url: env.PUBLIC_URL ?? publicUrl({ ...env, PORT: port }), bootstrap, host });
}

/**
 * How long the banner waits for the start's jobs before it prints anyway: the demo's due-task scan and its hundred
 * mails take a fifth of a second on a quiet machine, but a cold start on a busy one took over a second a mail. A job
 * failing at the start does not hold it: its retry is planned later, which idle() does not wait for; only a job that
 * hangs (a mail server that never answers) does, this long at most.
 */
const BANNER_WAIT_MS = 15_000;

class StartupError extends Error {}

/** The innermost cause, on one line: drivers wrap the useful part (e.g. ECONNREFUSED) in query dumps. */
function rootMessage(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  const message =
    current instanceof Error ? current.message || (current as NodeJS.ErrnoException).code : String(current);
  return (message ?? 'unknown error').replace(/\s+/g, ' ').trim();
}

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof StartupError) {
    console.error(error.message);
  } else {
    console.error(`Start-up failed: ${rootMessage(error)}`);
  }
  process.exit(1);
});
