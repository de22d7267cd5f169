import { closeContext, createContext } from './context.ts';
import { EnvError, parseEnv } from './env.ts';
import { keepRunningThroughRedisOutages } from './infra/redis-outage-guard.ts';
import { registerJobs } from './jobs/registry.ts';
import { createLogger } from './logger.ts';
import { provisionCockpitClientAtStart } from './modules/device-intake/cockpit-client.ts';
import { intakeClientId, startMqttIntake } from './modules/device-intake/mqtt-intake.ts';

/** Server mode: runs the jobs of the BullMQ queues in Redis, and keeps the scheduled jobs' schedulers there. */
async function main() {
  const env = parseEnv();
  if (!env.REDIS_URL) {
    throw new EnvError('REDIS_URL is not set: the worker runs only in server mode (embedded mode runs jobs inline)');
  }
  const log = createLogger(env);
  keepRunningThroughRedisOutages(log);
  const ctx = await createContext(env, log);
  registerJobs(ctx);
  ctx.queue.startRelay();
  await ctx.queue.startProcessing();
  // Devices on MQTT: the worker takes their readings, smartrope events and TRUscan state.
  await provisionCockpitClientAtStart(ctx);
  const intake = env.MQTT_URL ? await startMqttIntake(ctx, env.MQTT_URL, intakeClientId(ctx, 'worker')) : undefined;
  log.info({ concurrency: env.QUEUE_CONCURRENCY, mqtt: Boolean(intake) }, 'worker started');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'worker shutting down: finishing running jobs');
    await intake?.close();
    await closeContext(ctx);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : `Worker start-up failed: ${(error as Error).message}`);
  process.exit(1);
});
