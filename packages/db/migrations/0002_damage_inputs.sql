CREATE TABLE "rope_damage_inputs" (
	"rope_id" integer PRIMARY KEY NOT NULL,
	"data" "bytea" NOT NULL,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rope_events" ADD COLUMN "damage_fields" text GENERATED ALWAYS AS (case when recording_type = 'damage' and type not in ('repair', 'repairPiece') and position is not null then
  position::text || ',' ||
  coalesce(case when jsonb_typeof(attributes -> 'damageCount') = 'number' then attributes ->> 'damageCount' end, '0') || ',' ||
  coalesce(case when jsonb_typeof(attributes -> 'crossSectionLossAmount') = 'number' then attributes ->> 'crossSectionLossAmount' end, 'null') || ',' ||
  ((case when attributes ->> 'crossSectionLossUnit' = 'mm2' then 1 else 0 end) + (case when attributes ->> 'detection' = 'mrt' then 2 else 0 end))::text
end) STORED;--> statement-breakpoint
ALTER TABLE "rope_damage_inputs" ADD CONSTRAINT "rope_damage_inputs_rope_id_ropes_id_fk" FOREIGN KEY ("rope_id") REFERENCES "public"."ropes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "rope_damage_inputs_invalidate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Lock the ropes first: a concurrent writer then waits until this one has committed its fresh copy.
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM "ropes" WHERE "id" IN (SELECT "rope_id" FROM "new_rows") FOR NO KEY UPDATE;
    DELETE FROM "rope_damage_inputs" WHERE "rope_id" IN (SELECT "rope_id" FROM "new_rows");
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM 1 FROM "ropes" WHERE "id" IN (SELECT "rope_id" FROM "old_rows" UNION SELECT "rope_id" FROM "new_rows") FOR NO KEY UPDATE;
    DELETE FROM "rope_damage_inputs" WHERE "rope_id" IN (SELECT "rope_id" FROM "old_rows" UNION SELECT "rope_id" FROM "new_rows");
  ELSE
    PERFORM 1 FROM "ropes" WHERE "id" IN (SELECT "rope_id" FROM "old_rows") FOR NO KEY UPDATE;
    DELETE FROM "rope_damage_inputs" WHERE "rope_id" IN (SELECT "rope_id" FROM "old_rows");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "rope_events_insert_invalidates_damage_inputs" AFTER INSERT ON "rope_events" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "rope_damage_inputs_invalidate"();
--> statement-breakpoint
CREATE TRIGGER "rope_events_update_invalidates_damage_inputs" AFTER UPDATE ON "rope_events" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "rope_damage_inputs_invalidate"();
--> statement-breakpoint
CREATE TRIGGER "rope_events_delete_invalidates_damage_inputs" AFTER DELETE ON "rope_events" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "rope_damage_inputs_invalidate"();
