-- Global search in tiers: names from their start (exact first) read from a btree on the folded name in C collation,
-- which serves both the LIKE 'prefix%' range and its order, so the first matches are read without sorting them all.
CREATE INDEX "areas_search_prefix_index" ON "areas" ((rope_search_text("name") COLLATE "C"));--> statement-breakpoint
CREATE INDEX "installations_search_prefix_index" ON "installations" ((rope_search_text("name") COLLATE "C"));--> statement-breakpoint
CREATE INDEX "ropes_search_prefix_index" ON "ropes" ((rope_search_text("name") COLLATE "C"));--> statement-breakpoint
CREATE INDEX "documents_search_prefix_index" ON "documents" ((rope_search_text("name") COLLATE "C"));--> statement-breakpoint
CREATE INDEX "projects_search_prefix_index" ON "projects" ((rope_search_text("installation_number" || ' ' || "description") COLLATE "C"));
