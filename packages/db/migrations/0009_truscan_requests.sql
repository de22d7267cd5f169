CREATE TABLE "truscan_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"rope_id" integer NOT NULL,
	"reason" text NOT NULL,
	"status" varchar(16) DEFAULT 'queued' NOT NULL,
	"requested_by_user_id" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "truscan_requests" ADD CONSTRAINT "truscan_requests_rope_id_ropes_id_fk" FOREIGN KEY ("rope_id") REFERENCES "public"."ropes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truscan_requests" ADD CONSTRAINT "truscan_requests_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "truscan_requests_rope_id_requested_at_index" ON "truscan_requests" USING btree ("rope_id","requested_at");