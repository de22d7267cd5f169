CREATE TABLE "mrt_candidate_decisions" (
	"measurement_id" integer NOT NULL,
	"sample_index" integer NOT NULL,
	"status" varchar(16) NOT NULL,
	"damage_event_id" integer,
	"decided_by_user_id" integer,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mrt_candidate_decisions_measurement_id_sample_index_pk" PRIMARY KEY("measurement_id","sample_index")
);
--> statement-breakpoint
CREATE TABLE "truscan_measurements" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"rope_id" integer NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file_key" varchar(255) NOT NULL,
	"trace_key" varchar(255) NOT NULL,
	"checksum" varchar(64) NOT NULL,
	"size" integer NOT NULL,
	"bit_depth" smallint NOT NULL,
	"channel_count" smallint NOT NULL,
	"sample_count" integer NOT NULL,
	"sample_spacing_um" integer NOT NULL,
	"start_position_mm" integer NOT NULL,
	"rope_speed_mm_per_s" integer NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"bending_cycles" double precision NOT NULL,
	"scale" double precision NOT NULL,
	"block_size" integer NOT NULL,
	"analysis" jsonb NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mrt_candidate_decisions" ADD CONSTRAINT "mrt_candidate_decisions_measurement_id_truscan_measurements_id_fk" FOREIGN KEY ("measurement_id") REFERENCES "public"."truscan_measurements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mrt_candidate_decisions" ADD CONSTRAINT "mrt_candidate_decisions_damage_event_id_rope_events_id_fk" FOREIGN KEY ("damage_event_id") REFERENCES "public"."rope_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mrt_candidate_decisions" ADD CONSTRAINT "mrt_candidate_decisions_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truscan_measurements" ADD CONSTRAINT "truscan_measurements_event_id_rope_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."rope_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truscan_measurements" ADD CONSTRAINT "truscan_measurements_rope_id_ropes_id_fk" FOREIGN KEY ("rope_id") REFERENCES "public"."ropes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truscan_measurements" ADD CONSTRAINT "truscan_measurements_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mrt_candidate_decisions_damage_event_id_index" ON "mrt_candidate_decisions" USING btree ("damage_event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "truscan_measurements_event_id_index" ON "truscan_measurements" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "truscan_measurements_rope_id_checksum_index" ON "truscan_measurements" USING btree ("rope_id","checksum");