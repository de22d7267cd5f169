CREATE TABLE "rope_damage_input_changes" (
	"rope_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	CONSTRAINT "rope_damage_input_changes_rope_id_event_id_pk" PRIMARY KEY("rope_id","event_id")
);
--> statement-breakpoint
ALTER TABLE "rope_damage_input_changes" ADD CONSTRAINT "rope_damage_input_changes_rope_id_rope_damage_inputs_rope_id_fk" FOREIGN KEY ("rope_id") REFERENCES "public"."rope_damage_inputs"("rope_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The same trigger as 0018, which keeps the ropes' packed copies of their damage rows (rope_damage_inputs) instead
-- of deleting them: it names the events a statement changed on a rope that has a copy in rope_damage_input_changes,
-- and readers merge those events' current rows into the copy (apps/api/src/modules/damage/inputs.ts), so a write
-- costs what it changed, not the rope's whole history. Inserted events that are neither damages with a position nor
-- history (mutations, repair pieces) change no copy. A statement that changes more events than a merge is worth (an
-- import, a script) drops the copies of the ropes it touched instead: the next read makes them again from the rows.
-- Plain statements, no function of its own: this runs with every event written.
CREATE OR REPLACE FUNCTION "rope_damage_inputs_invalidate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Lock the ropes first: a concurrent writer then waits until this one has committed.
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM "ropes" WHERE "id" IN (SELECT "rope_id" FROM "new_rows") FOR NO KEY UPDATE;
    IF (SELECT count(*) FROM "new_rows") > 1000 THEN
      DELETE FROM "rope_damage_inputs" WHERE "rope_id" IN (SELECT "rope_id" FROM "new_rows");
    ELSE
      INSERT INTO "rope_damage_input_changes" ("rope_id", "event_id")
        SELECT "n"."rope_id", "n"."id" FROM "new_rows" AS "n"
        WHERE ("n"."damage_fields" IS NOT NULL OR "n"."recording_type" = 'mutation' OR "n"."type" = 'repairPiece')
          AND "n"."rope_id" IN (SELECT "i"."rope_id" FROM "rope_damage_inputs" AS "i")
        ON CONFLICT DO NOTHING;
    END IF;
    INSERT INTO "rope_damage_stamps" ("rope_id") SELECT DISTINCT "rope_id" FROM "new_rows"
      ON CONFLICT ("rope_id") DO UPDATE SET "stamp" = gen_random_uuid();
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM 1 FROM "ropes" WHERE "id" IN (SELECT "rope_id" FROM "old_rows" UNION SELECT "rope_id" FROM "new_rows") FOR NO KEY UPDATE;
    IF (SELECT count(*) FROM "new_rows") > 1000 THEN
      DELETE FROM "rope_damage_inputs" WHERE "rope_id" IN (SELECT "rope_id" FROM "old_rows" UNION SELECT "rope_id" FROM "new_rows");
    ELSE
      INSERT INTO "rope_damage_input_changes" ("rope_id", "event_id")
        SELECT "c"."rope_id", "c"."id" FROM (SELECT "rope_id", "id" FROM "old_rows" UNION SELECT "rope_id", "id" FROM "new_rows") AS "c"
        WHERE "c"."rope_id" IN (SELECT "i"."rope_id" FROM "rope_damage_inputs" AS "i")
        ON CONFLICT DO NOTHING;
    END IF;
    INSERT INTO "rope_damage_stamps" ("rope_id") SELECT "rope_id" FROM "old_rows" UNION SELECT "rope_id" FROM "new_rows"
      ON CONFLICT ("rope_id") DO UPDATE SET "stamp" = gen_random_uuid();
  ELSE
    PERFORM 1 FROM "ropes" WHERE "id" IN (SELECT "rope_id" FROM "old_rows") FOR NO KEY UPDATE;
    IF (SELECT count(*) FROM "old_rows") > 1000 THEN
      DELETE FROM "rope_damage_inputs" WHERE "rope_id" IN (SELECT "rope_id" FROM "old_rows");
    ELSE
      INSERT INTO "rope_damage_input_changes" ("rope_id", "event_id")
        SELECT "o"."rope_id", "o"."id" FROM "old_rows" AS "o"
        WHERE "o"."rope_id" IN (SELECT "i"."rope_id" FROM "rope_damage_inputs" AS "i")
        ON CONFLICT DO NOTHING;
    END IF;
    -- A rope deleted with its events (ON DELETE CASCADE) is gone: no stamp for it.
    INSERT INTO "rope_damage_stamps" ("rope_id") SELECT DISTINCT "rope_id" FROM "old_rows" WHERE "rope_id" IN (SELECT "id" FROM "ropes")
      ON CONFLICT ("rope_id") DO UPDATE SET "stamp" = gen_random_uuid();
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Emptying the events table (TRUNCATE fires no row or statement trigger of the others) leaves no copy standing.
CREATE FUNCTION "rope_damage_inputs_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "rope_damage_inputs";
  UPDATE "rope_damage_stamps" SET "stamp" = gen_random_uuid();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "rope_events_truncate_drops_damage_inputs" AFTER TRUNCATE ON "rope_events" FOR EACH STATEMENT EXECUTE FUNCTION "rope_damage_inputs_truncated"();
--> statement-breakpoint
-- The copies are read in pieces (apps/api/src/modules/damage/inputs.ts): stored uncompressed, a piece is read from
-- its own TOAST chunks instead of the whole value being decompressed for it. The copies made before are compressed:
-- dropped, made again by the next read or write of each rope.
ALTER TABLE "rope_damage_inputs" ALTER COLUMN "data" SET STORAGE EXTERNAL;
--> statement-breakpoint
DELETE FROM "rope_damage_inputs";
