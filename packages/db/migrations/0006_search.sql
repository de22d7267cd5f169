-- Global search: accent- and case-insensitive words (full text) and one-typo tolerance (trigrams), behind indexes.
-- Both extensions are trusted since PostgreSQL 13, so the database owner may create them; PGlite loads them itself.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); pinned to one dictionary it may back an index.
CREATE OR REPLACE FUNCTION rope_search_text(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;--> statement-breakpoint
CREATE INDEX "areas_search_trgm_index" ON "areas" USING gin (rope_search_text("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "areas_search_fts_index" ON "areas" USING gin (to_tsvector('simple', rope_search_text("name")));--> statement-breakpoint
CREATE INDEX "installations_search_trgm_index" ON "installations" USING gin (rope_search_text("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "installations_search_fts_index" ON "installations" USING gin (to_tsvector('simple', rope_search_text("name")));--> statement-breakpoint
CREATE INDEX "ropes_search_trgm_index" ON "ropes" USING gin (rope_search_text("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ropes_search_fts_index" ON "ropes" USING gin (to_tsvector('simple', rope_search_text("name")));--> statement-breakpoint
CREATE INDEX "documents_search_trgm_index" ON "documents" USING gin (rope_search_text("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "documents_search_fts_index" ON "documents" USING gin (to_tsvector('simple', rope_search_text("name")));--> statement-breakpoint
CREATE INDEX "projects_search_trgm_index" ON "projects" USING gin (rope_search_text("installation_number" || ' ' || "description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_search_fts_index" ON "projects" USING gin (to_tsvector('simple', rope_search_text("installation_number" || ' ' || "description")));--> statement-breakpoint
-- Project visibility: the installations carrying a project's number.
CREATE INDEX "installations_fatzer_number_index" ON "installations" ((attributes ->> 'installationNumberFatzer'));
