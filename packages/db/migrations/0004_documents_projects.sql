ALTER TABLE "projects" DROP CONSTRAINT "projects_mandator_id_mandators_id_fk";
--> statement-breakpoint
DROP INDEX "documents_installation_number_index";--> statement-breakpoint
DROP INDEX "projects_mandator_id_index";--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "external_key" varchar(128);--> statement-breakpoint
CREATE INDEX "documents_installation_number_created_at_index" ON "documents" USING btree ("installation_number","created_at");--> statement-breakpoint
ALTER TABLE "projects" DROP COLUMN "mandator_id";--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_externalKey_unique" UNIQUE("external_key");