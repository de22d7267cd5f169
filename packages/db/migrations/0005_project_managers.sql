ALTER TABLE "projects" ADD COLUMN "project_manager_name" varchar(255);--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "project_manager_email" varchar(255);--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "project_manager_phone" varchar(64);--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;