ALTER TABLE "rope_events" ADD COLUMN "damage_fields" text GENERATED ALWAYS AS (case when recording_type = 'damage' and type not in ('repair', 'repairPiece') and position is not null then
  position::text || ',' ||
  coalesce(case when jsonb_typeof(attributes -> 'damageCount') = 'number' then attributes ->> 'damageCount' end, '0') || ',' ||
  coalesce(case when jsonb_typeof(attributes -> 'crossSectionLossAmount') = 'number' then attributes ->> 'crossSectionLossAmount' end, 'null') || ',' ||
  ((case when attributes ->> 'crossSectionLossUnit' = 'mm2' then 1 else 0 end) + (case when attributes ->> 'detection' = 'mrt' then 2 else 0 end))::text
end) STORED;