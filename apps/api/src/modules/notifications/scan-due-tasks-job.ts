import { z } from 'zod';
import { defineJob } from '../../infra/queue/define.ts';
import { scanDueTasks } from './scan-due-tasks.ts';

/** Tells the assignees of tasks that became due, every DUE_TASKS_SCAN_SECONDS. */
export const scanDueTasksJob = defineJob({
  queue: 'notifications',
  name: 'scan-due-tasks',
  payload: z.strictObject({}),
  maxAttempts: 3,
  every: (env) => env.DUE_TASKS_SCAN_SECONDS * 1000,
  handle: (ctx) => scanDueTasks(ctx),
});
