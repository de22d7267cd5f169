CREATE TABLE "rope_damage_stamps" (
	"rope_id" integer PRIMARY KEY NOT NULL,
	"stamp" uuid DEFAULT gen_random_uuid() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rope_damage_stamps" ADD CONSTRAINT "rope_damage_stamps_rope_id_ropes_id_fk" FOREIGN KEY ("rope_id") REFERENCES "public"."ropes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "rope_damage_stamps" ("rope_id") SELECT "id" FROM "ropes";
--> statement-breakpoint
-- The same trigger as 0002, which also gives each rope whose events changed a fresh stamp (see rope_damage_stamps).
CREATE OR REPLACE FUNCTION "rope_damage_inputs_invalidate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Lock the ropes first: a concurrent writer then waits until this one has committed its fresh copy.
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM "ropes" WHERE "id" IN (SELECT "rope_id" FROM "new_rows") FOR NO KEY UPDATE;
    DELETE FROM "rope_damage_inputs" WHERE "rope_id" IN (SELECT "rope_id" FROM "new_rows");
    INSERT INTO "rope_damage_stamps" ("rope_id") SELECT DISTINCT "rope_id" FROM "new_rows"
      ON CONFLICT ("rope_id") DO UPDATE SET "stamp" = gen_random_uuid();
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM 1 FROM "ropes" WHERE "id" IN (SELECT "rope_id" FROM "old_rows" UNION SELECT "rope_id" FROM "new_rows") FOR NO KEY UPDATE;
    DELETE FROM "rope_damage_inputs" WHERE "rope_id" IN (SELECT "rope_id" FROM "old_rows" UNION SELECT "rope_id" FROM "new_rows");
    INSERT INTO "rope_damage_stamps" ("rope_id") SELECT "rope_id" FROM "old_rows" UNION SELECT "rope_id" FROM "new_rows"
      ON CONFLICT ("rope_id") DO UPDATE SET "stamp" = gen_random_uuid();
  ELSE
    PERFORM 1 FROM "ropes" WHERE "id" IN (SELECT "rope_id" FROM "old_rows") FOR NO KEY UPDATE;
    DELETE FROM "rope_damage_inputs" WHERE "rope_id" IN (SELECT "rope_id" FROM "old_rows");
    -- A rope deleted with its events (ON DELETE CASCADE) is gone: no stamp for it.
    INSERT INTO "rope_damage_stamps" ("rope_id") SELECT DISTINCT "rope_id" FROM "old_rows" WHERE "rope_id" IN (SELECT "id" FROM "ropes")
      ON CONFLICT ("rope_id") DO UPDATE SET "stamp" = gen_random_uuid();
  END IF;
  RETURN NULL;
END $$;
