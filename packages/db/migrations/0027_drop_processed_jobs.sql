-- A table of the first design of the jobs' idempotency, written and read by nothing since: the outbox's unique key,
-- the notifications' unique keys and the deliveries' states keep a redelivered job from acting twice
-- (docs/notifications.md, "Delivery guarantees").
DROP TABLE "processed_jobs" CASCADE;
