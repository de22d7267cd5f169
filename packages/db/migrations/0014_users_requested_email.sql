ALTER TABLE "users" ADD COLUMN "requested_email" varchar(255);--> statement-breakpoint
CREATE INDEX "users_requested_email_lower_idx" ON "users" USING btree (lower("requested_email"));