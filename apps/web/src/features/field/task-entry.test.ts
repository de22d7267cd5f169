import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeviceDb } from '../../lib/device-store';
import { useMemoryDeviceStore } from '../../lib/memory-device-store';
import { enqueue, listOutbox, resolveConflict } from './outbox';
import { sendEntry } from './send-entry';
import { syncOutbox } from './sync';
import { type TaskStatus, taskChangeBody } from './task-entry';

const INSPECTOR = 7;
const ROPE = 35;

interface StoredTask {
  id: number;
  title: string;
  status: TaskStatus;
  notes: string[];
}

/** The API's task routes as far as the queue uses them, with PATCH honouring the Idempotency-Key. */
function fakeServer(tasks: StoredTask[]) {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const patches: { taskId: number; key: string | null; body: unknown }[] = [];
  const answers = new Map<string, unknown>();
  const view = (task: StoredTask) => ({ id: task.id, attributes: { title: task.title, status: task.status } });
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  /** The next PATCH is done on the server but its answer is lost on the way back. */
  let loseNextAnswer = false;
  const fetch = async (request: Request) => {
    const path = new URL(request.url).pathname;
    if (request.method === 'GET' && path === `/api/ropes/${ROPE}/tasks`) {
      return json(200, { tasks: [...byId.values()].map(view) });
    }
    const taskId = Number(/^\/api\/tasks\/(\d+)$/.exec(path)?.[1]);
    if (request.method !== 'PATCH' || !taskId) return json(404, { code: 'NOT_FOUND', message: 'No such route' });
    const key = request.headers.get('idempotency-key');
    const body = (await request.json()) as { task: { attributes?: { status?: TaskStatus }; note?: string } };
    patches.push({ taskId, key, body });
    let answer = key ? answers.get(key) : undefined;
    if (!answer) {
      const task = byId.get(taskId);
      if (!task) return json(404, { code: 'NOT_FOUND', message: 'No such task' });
      task.status = body.task.attributes?.status ?? task.status;
      if (body.task.note) task.notes.push(body.task.note);
      answer = { task: view(task), nextTask: null };
      if (key) answers.set(key, answer);
    }
    if (loseNextAnswer) {
      loseNextAnswer = false;
      throw new TypeError('Failed to fetch');
    }
    return json(200, answer);
  };
  return { byId, patches, fetch, loseAnswer: () => (loseNextAnswer = true) };
}

describe('sending task changes made on the device', () => {
  const openStore = useMemoryDeviceStore('task-entry-test');
  let db: DeviceDb;
  beforeEach(() => {
    db = openStore();
  });

  const serve = (...tasks: Omit<StoredTask, 'notes'>[]) => {
    const server = fakeServer(tasks.map((task) => ({ ...task, notes: [] })));
    vi.stubGlobal('fetch', server.fetch);
    return server;
  };

  /** The user changes the task as they saw it (`seen`): its status and/or a note. */
  const change = async (seen: { id: number; status: TaskStatus }, made: { status?: TaskStatus; note?: string }) => {
    const task = { id: seen.id, attributes: { title: `Task ${seen.id}`, status: seen.status } };
    const entry = await enqueue(db, {
      userId: INSPECTOR,
      ropeId: ROPE,
      ropeName: 'Förderseil',
      kind: 'patchTask',
      body: taskChangeBody(task, ROPE, made),
    });
    // Entries made in the same millisecond keep their order by id; here each has its own.
    await new Promise((resolve) => setTimeout(resolve, 2));
    return entry;
  };
  const sync = () => syncOutbox(db, INSPECTOR, sendEntry);

  it('sends a status change once under its key, also when the answer of the first send was lost', async () => {
    const server = serve({ id: 1, title: 'Seil schmieren', status: 'new' });
    const entry = await change({ id: 1, status: 'new' }, { status: 'in-progress', note: 'Begonnen bei Stütze 4' });
    server.loseAnswer();
    expect((await sync()).stopped).toBe('offline');
    expect(await listOutbox(db, INSPECTOR)).toHaveLength(1);

    const result = await sync();
    expect(result.sent.map((sent) => sent.id)).toEqual([entry.id]);
    expect(server.patches).toEqual([
      {
        taskId: 1,
        key: entry.id,
        body: { task: { attributes: { status: 'in-progress' }, note: 'Begonnen bei Stütze 4' } },
      },
      {
        taskId: 1,
        key: entry.id,
        body: { task: { attributes: { status: 'in-progress' }, note: 'Begonnen bei Stütze 4' } },
      },
    ]);
    expect(server.byId.get(1)).toMatchObject({ status: 'in-progress', notes: ['Begonnen bei Stütze 4'] });
    expect(await listOutbox(db, INSPECTOR)).toEqual([]);
  });

  it('keeps a status changed on the server meanwhile as a conflict with both versions, and goes on', async () => {
    const server = serve({ id: 1, title: 'Seil schmieren', status: 'new' }, { id: 2, title: 'Spleiß', status: 'new' });
    const conflicting = await change({ id: 1, status: 'new' }, { status: 'in-progress' });
    const next = await change({ id: 2, status: 'new' }, { status: 'done' });
    server.byId.get(1)!.status = 'done';

    const result = await sync();
    expect(result.conflicts.map((entry) => entry.id)).toEqual([conflicting.id]);
    expect(result.sent.map((entry) => entry.id)).toEqual([next.id]);
    expect(server.patches.map((patch) => patch.taskId)).toEqual([2]);
    const [kept] = await listOutbox(db, INSPECTOR);
    expect(kept).toMatchObject({
      id: conflicting.id,
      state: 'conflict',
      conflict: { server: { status: 'done' } },
      body: { patch: { attributes: { status: 'in-progress' } }, base: { status: 'new' } },
    });
    // Until the user chooses, it is not sent.
    await sync();
    expect(server.patches).toHaveLength(1);
    expect(server.byId.get(1)!.status).toBe('done');
  });

  it("sends the user's version over the server's when they keep theirs", async () => {
    const server = serve({ id: 1, title: 'Seil schmieren', status: 'new' });
    const entry = await change({ id: 1, status: 'new' }, { status: 'in-progress' });
    server.byId.get(1)!.status = 'done';
    await sync();
    const [conflict] = await listOutbox(db, INSPECTOR);

    await resolveConflict(db, conflict!, 'mine');
    expect(await listOutbox(db, INSPECTOR)).toMatchObject([{ state: 'waiting', body: { base: { status: 'done' } } }]);
    const result = await sync();
    expect(result.sent.map((sent) => sent.id)).toEqual([entry.id]);
    expect(server.patches).toMatchObject([{ taskId: 1, key: entry.id }]);
    expect(server.byId.get(1)!.status).toBe('in-progress');
  });

  it("drops the user's status when they take the server's, and still adds their note", async () => {
    const server = serve({ id: 1, title: 'Seil schmieren', status: 'new' }, { id: 2, title: 'Spleiß', status: 'new' });
    await change({ id: 1, status: 'new' }, { status: 'in-progress' });
    await change({ id: 2, status: 'new' }, { status: 'in-progress', note: 'Litze 3 prüfen' });
    server.byId.get(1)!.status = 'done';
    server.byId.get(2)!.status = 'done';
    await sync();
    for (const entry of await listOutbox(db, INSPECTOR)) await resolveConflict(db, entry, 'theirs');

    await sync();
    expect(server.patches).toEqual([
      expect.objectContaining({ taskId: 2, body: { task: { note: 'Litze 3 prüfen' } } }),
    ]);
    expect(server.byId.get(1)).toMatchObject({ status: 'done', notes: [] });
    expect(server.byId.get(2)).toMatchObject({ status: 'done', notes: ['Litze 3 prüfen'] });
    expect(await listOutbox(db, INSPECTOR)).toEqual([]);
  });

  it('fails a change of a task deleted meanwhile with its reason, and sends nothing', async () => {
    const server = serve({ id: 2, title: 'Spleiß', status: 'new' });
    await change({ id: 1, status: 'new' }, { status: 'done' });
    const result = await sync();
    expect(result.failed).toHaveLength(1);
    expect(await listOutbox(db, INSPECTOR)).toMatchObject([
      { state: 'failed', failure: { status: 404, key: { key: 'field.outbox.taskDeleted' } } },
    ]);
    expect(server.patches).toEqual([]);
  });

  it('sends a note alone even when the status changed on the server meanwhile', async () => {
    const server = serve({ id: 1, title: 'Seil schmieren', status: 'new' });
    const entry = await change({ id: 1, status: 'new' }, { note: 'Schmierung erneuert' });
    server.byId.get(1)!.status = 'done';
    const result = await sync();
    expect(result.conflicts).toEqual([]);
    expect(server.patches).toEqual([{ taskId: 1, key: entry.id, body: { task: { note: 'Schmierung erneuert' } } }]);
    expect(server.byId.get(1)).toMatchObject({ status: 'done', notes: ['Schmierung erneuert'] });
  });
});
