-- One number the database keeps current: every statement that inserts, updates, deletes or truncates rows of a
-- table an API answer is made of adds one, whoever runs it (the API, a job, a script, psql). The embedded server's
-- answer cache (apps/api/src/http/answer-cache.ts) serves a stored answer only while this number is what it was
-- when the answer was made. Tables no cached answer reads are left out (sessions, throttling, the audit log, the
-- job and mail queues, tokens, API keys, sensor readings, the damage-input cache derived from rope_events): their
-- writes come with every request or every device batch and would empty the cache for nothing. A table created later
-- gets its trigger in its own migration; answer-cache.test.ts fails until it has one or is named as left out.
-- Counted only where the connection says `SET rope.count_answers = on`: the embedded PGlite, whose one connection
-- every statement goes through, sets it when it opens (packages/db/src/client.ts). On PostgreSQL (server mode, no
-- answer cache) the triggers return at once: the one counter row would make concurrent write transactions take
-- turns until they commit.
-- Sensor readings have a number of their own, reading_version, raised by every statement on sensor_measurements:
-- only the answers that show the last reading (a rope's sensor devices) are stamped with it as well.
CREATE TABLE "answer_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "answer_version_one_row" CHECK ("id" = 1)
);
--> statement-breakpoint
INSERT INTO "answer_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
CREATE FUNCTION "answer_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('rope.count_answers', true) IS DISTINCT FROM 'on' THEN RETURN NULL; END IF;
  UPDATE "answer_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  name text;
BEGIN
  FOR name IN
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
      AND table_name NOT IN (
        'answer_version', 'reading_version', 'sessions', 'throttle_buckets', 'audit_log', 'user_tokens', 'api_keys', 'app_meta',
        'outbox', 'processed_jobs', 'sms_log', 'notification_deliveries', 'notification_rule_states',
        'sensor_measurements', 'sensor_measurements_1h', 'sensor_measurements_1m', 'rope_damage_inputs'
      )
  LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "answer_version_bump"()',
      name || '_bumps_answer_version',
      name
    );
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE TABLE "reading_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "reading_version_one_row" CHECK ("id" = 1)
);
--> statement-breakpoint
INSERT INTO "reading_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
CREATE FUNCTION "reading_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('rope.count_answers', true) IS DISTINCT FROM 'on' THEN RETURN NULL; END IF;
  UPDATE "reading_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sensor_measurements_bumps_reading_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sensor_measurements" FOR EACH STATEMENT EXECUTE FUNCTION "reading_version_bump"();
