-- The outbox keeps the rows it handed over for 30 days (pruneOutbox): on a busy site a million of them beside the
-- handful still waiting. The relay's claim and the pending counts (apps/api/src/infra/queue/outbox.ts) asked for the
-- waiting rows without naming a queue, which the queue-led index cannot answer: each claim read the whole table,
-- 200 ms of PostgreSQL at a million rows, on every poll. This index holds the waiting rows alone.
CREATE INDEX "outbox_pending_index" ON "outbox" USING btree ("id") WHERE "outbox"."dispatched_at" is null and "outbox"."failed_at" is null;
