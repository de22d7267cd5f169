ALTER TABLE "sessions" DROP CONSTRAINT "sessions_impersonated_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "sessions" DROP COLUMN "impersonated_user_id";