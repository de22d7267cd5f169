ALTER TABLE "documents" ADD COLUMN "stored_uncleaned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Photos uploaded before uploads were cleaned (turned upright, location and camera data removed) are marked for the
-- documents module's job, which cleans each stored file once (modules/documents/clean-old-photos.ts).
UPDATE "documents" SET "stored_uncleaned" = true WHERE "mime_type" IN ('image/jpeg', 'image/png', 'image/webp', 'image/tiff', 'image/gif');
