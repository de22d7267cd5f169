CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"prefix" varchar(16) NOT NULL,
	"key_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_keyHash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "app_meta" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_user_id" integer,
	"action" varchar(64) NOT NULL,
	"target_type" varchar(32),
	"target_id" integer,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mandators" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"two_factor_complete" boolean DEFAULT false NOT NULL,
	"email_code_hash" varchar(64),
	"email_code_expires_at" timestamp with time zone,
	"impersonated_user_id" integer,
	"is_live" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "throttle_buckets" (
	"key" varchar(300) PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_mandators" (
	"user_id" integer NOT NULL,
	"mandator_id" integer NOT NULL,
	CONSTRAINT "user_mandators_user_id_mandator_id_pk" PRIMARY KEY("user_id","mandator_id")
);
--> statement-breakpoint
CREATE TABLE "user_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_tokens_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(255) NOT NULL,
	"firstname" varchar(45) DEFAULT '' NOT NULL,
	"lastname" varchar(45) DEFAULT '' NOT NULL,
	"phone" varchar(45),
	"function" varchar(45),
	"roles" text[] NOT NULL,
	"language_id" varchar(3) DEFAULT 'ENU' NOT NULL,
	"notification_enabled" boolean DEFAULT true NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	"is_active" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"password_changed_at" timestamp with time zone,
	"login_method" varchar(20) DEFAULT 'password' NOT NULL,
	"two_factor_method" varchar(20),
	"two_factor_secret" text,
	"two_factor_last_step" integer,
	"saml_provider" varchar(64),
	"picture_uri" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"mime_type" varchar(127) NOT NULL,
	"storage_key" varchar(255) NOT NULL,
	"size" integer NOT NULL,
	"location" varchar(64) DEFAULT 'ENU' NOT NULL,
	"folder_id" integer,
	"target_type" varchar(16) NOT NULL,
	"target_id" integer,
	"is_habel" boolean DEFAULT false NOT NULL,
	"habel_attart" varchar(64),
	"habel_receipttype" varchar(64),
	"habel_erfdat" varchar(40),
	"installation_number" varchar(64),
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_folder_id" integer,
	"name" varchar(255) NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ordering" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"installation_number" varchar(64) NOT NULL,
	"mandator_id" integer,
	"description" varchar(255) DEFAULT '' NOT NULL,
	"country" varchar(2),
	"facility_type" varchar(64),
	"facility_constructor_branch" varchar(64),
	"facility_number" varchar(64),
	"project_manager_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_installationNumber_unique" UNIQUE("installation_number")
);
--> statement-breakpoint
CREATE TABLE "rope_event_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer,
	"action" varchar(16) NOT NULL,
	"position" double precision,
	"attributes" jsonb NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rope_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"rope_id" integer NOT NULL,
	"position" double precision,
	"attributes" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"recording_type" varchar(16) NOT NULL,
	"type" varchar(32) NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"mandator_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"admin_user_id" integer,
	"is_map" boolean DEFAULT true NOT NULL,
	"map_zoom" double precision DEFAULT 13 NOT NULL,
	"map_base_layers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"map_default_base_layer" varchar(32) DEFAULT 'openStreetMap' NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"ordering" integer DEFAULT 0 NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "installations" (
	"id" serial PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"ordering" integer DEFAULT 0 NOT NULL,
	"latlngs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"notification_settings" jsonb,
	"notification_status" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ropes" (
	"id" serial PRIMARY KEY NOT NULL,
	"installation_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"ordering" integer DEFAULT 0 NOT NULL,
	"latlngs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"truscan_attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"damages" jsonb,
	"notification_status" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"notification_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"channel" varchar(8) NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_rule_states" (
	"installation_id" integer NOT NULL,
	"rope_id" integer NOT NULL,
	"rule_type" varchar(32) NOT NULL,
	"is_armed" boolean DEFAULT true NOT NULL,
	"last_value" double precision,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_rule_states_installation_id_rope_id_rule_type_pk" PRIMARY KEY("installation_id","rope_id","rule_type")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"installation_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"rope_id" integer,
	"type" varchar(32) NOT NULL,
	"threshold" double precision,
	"text" text NOT NULL,
	"idempotency_key" varchar(200) NOT NULL,
	"triggered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_idempotencyKey_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"queue" varchar(64) NOT NULL,
	"name" varchar(64) NOT NULL,
	"payload" jsonb NOT NULL,
	"idempotency_key" varchar(200) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"dispatched_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"last_error" text,
	CONSTRAINT "outbox_idempotencyKey_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "processed_jobs" (
	"idempotency_key" varchar(200) PRIMARY KEY NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" varchar(45) NOT NULL,
	"text" text NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sensor_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"rope_id" integer,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sensor_measurements" (
	"sensor_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "sensor_measurements_sensor_id_ts_pk" PRIMARY KEY("sensor_id","ts")
);
--> statement-breakpoint
CREATE TABLE "sensor_measurements_1h" (
	"sensor_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"sum" double precision NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	CONSTRAINT "sensor_measurements_1h_sensor_id_ts_pk" PRIMARY KEY("sensor_id","ts")
);
--> statement-breakpoint
CREATE TABLE "sensor_measurements_1m" (
	"sensor_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"sum" double precision NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	CONSTRAINT "sensor_measurements_1m_sensor_id_ts_pk" PRIMARY KEY("sensor_id","ts")
);
--> statement-breakpoint
CREATE TABLE "sensors" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smartrope_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"smartrope_id" integer NOT NULL,
	"sensor_name" varchar(255) NOT NULL,
	"type" varchar(32) NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smartrope_measurements" (
	"event_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "smartrope_measurements_event_id_ts_pk" PRIMARY KEY("event_id","ts")
);
--> statement-breakpoint
CREATE TABLE "smartrope_sensors" (
	"id" serial PRIMARY KEY NOT NULL,
	"smartrope_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"unit" varchar(32) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smartropes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"uuid" varchar(64) NOT NULL,
	"rope_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "smartropes_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "task_assignees" (
	"task_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "task_assignees_task_id_user_id_pk" PRIMARY KEY("task_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "task_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"user_id" integer,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"rope_id" integer NOT NULL,
	"event_id" integer,
	"attributes" jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'new' NOT NULL,
	"due_at" timestamp with time zone,
	"due_notified_at" timestamp with time zone,
	"previous_task_id" integer,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_impersonated_user_id_users_id_fk" FOREIGN KEY ("impersonated_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_mandators" ADD CONSTRAINT "user_mandators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_mandators" ADD CONSTRAINT "user_mandators_mandator_id_mandators_id_fk" FOREIGN KEY ("mandator_id") REFERENCES "public"."mandators"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_parent_folder_id_folders_id_fk" FOREIGN KEY ("parent_folder_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_mandator_id_mandators_id_fk" FOREIGN KEY ("mandator_id") REFERENCES "public"."mandators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_project_manager_user_id_users_id_fk" FOREIGN KEY ("project_manager_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rope_event_history" ADD CONSTRAINT "rope_event_history_event_id_rope_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."rope_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rope_event_history" ADD CONSTRAINT "rope_event_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rope_events" ADD CONSTRAINT "rope_events_rope_id_ropes_id_fk" FOREIGN KEY ("rope_id") REFERENCES "public"."ropes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rope_events" ADD CONSTRAINT "rope_events_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_mandator_id_mandators_id_fk" FOREIGN KEY ("mandator_id") REFERENCES "public"."mandators"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_admin_user_id_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installations" ADD CONSTRAINT "installations_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ropes" ADD CONSTRAINT "ropes_installation_id_installations_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."installations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_rule_states" ADD CONSTRAINT "notification_rule_states_installation_id_installations_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."installations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_rule_states" ADD CONSTRAINT "notification_rule_states_rope_id_ropes_id_fk" FOREIGN KEY ("rope_id") REFERENCES "public"."ropes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_installation_id_installations_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."installations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_rope_id_ropes_id_fk" FOREIGN KEY ("rope_id") REFERENCES "public"."ropes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_devices" ADD CONSTRAINT "sensor_devices_rope_id_ropes_id_fk" FOREIGN KEY ("rope_id") REFERENCES "public"."ropes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_measurements" ADD CONSTRAINT "sensor_measurements_sensor_id_sensors_id_fk" FOREIGN KEY ("sensor_id") REFERENCES "public"."sensors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_measurements_1h" ADD CONSTRAINT "sensor_measurements_1h_sensor_id_sensors_id_fk" FOREIGN KEY ("sensor_id") REFERENCES "public"."sensors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_measurements_1m" ADD CONSTRAINT "sensor_measurements_1m_sensor_id_sensors_id_fk" FOREIGN KEY ("sensor_id") REFERENCES "public"."sensors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensors" ADD CONSTRAINT "sensors_device_id_sensor_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."sensor_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smartrope_events" ADD CONSTRAINT "smartrope_events_smartrope_id_smartropes_id_fk" FOREIGN KEY ("smartrope_id") REFERENCES "public"."smartropes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smartrope_measurements" ADD CONSTRAINT "smartrope_measurements_event_id_smartrope_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."smartrope_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smartrope_sensors" ADD CONSTRAINT "smartrope_sensors_smartrope_id_smartropes_id_fk" FOREIGN KEY ("smartrope_id") REFERENCES "public"."smartropes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smartropes" ADD CONSTRAINT "smartropes_rope_id_ropes_id_fk" FOREIGN KEY ("rope_id") REFERENCES "public"."ropes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_assignees" ADD CONSTRAINT "task_assignees_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_assignees" ADD CONSTRAINT "task_assignees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_notes" ADD CONSTRAINT "task_notes_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_notes" ADD CONSTRAINT "task_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_rope_id_ropes_id_fk" FOREIGN KEY ("rope_id") REFERENCES "public"."ropes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_event_id_rope_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."rope_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_user_id_index" ON "api_keys" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audit_log_created_at_index" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_user_id_index" ON "audit_log" USING btree ("actor_user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_index" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_index" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "user_mandators_mandator_id_index" ON "user_mandators" USING btree ("mandator_id");--> statement-breakpoint
CREATE INDEX "user_tokens_user_id_kind_index" ON "user_tokens" USING btree ("user_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "documents_target_type_target_id_created_at_index" ON "documents" USING btree ("target_type","target_id","created_at");--> statement-breakpoint
CREATE INDEX "documents_folder_id_index" ON "documents" USING btree ("folder_id");--> statement-breakpoint
CREATE INDEX "documents_installation_number_index" ON "documents" USING btree ("installation_number");--> statement-breakpoint
CREATE INDEX "folders_parent_folder_id_index" ON "folders" USING btree ("parent_folder_id");--> statement-breakpoint
CREATE INDEX "projects_mandator_id_index" ON "projects" USING btree ("mandator_id");--> statement-breakpoint
CREATE INDEX "rope_event_history_event_id_changed_at_index" ON "rope_event_history" USING btree ("event_id","changed_at");--> statement-breakpoint
CREATE INDEX "rope_events_rope_id_occurred_at_index" ON "rope_events" USING btree ("rope_id","occurred_at");--> statement-breakpoint
CREATE INDEX "rope_events_occurred_at_index" ON "rope_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "areas_mandator_id_ordering_index" ON "areas" USING btree ("mandator_id","ordering");--> statement-breakpoint
CREATE INDEX "installations_area_id_is_deleted_ordering_index" ON "installations" USING btree ("area_id","is_deleted","ordering");--> statement-breakpoint
CREATE INDEX "ropes_installation_id_is_deleted_ordering_index" ON "ropes" USING btree ("installation_id","is_deleted","ordering");--> statement-breakpoint
CREATE INDEX "notification_deliveries_notification_id_index" ON "notification_deliveries" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "notification_deliveries_status_index" ON "notification_deliveries" USING btree ("status");--> statement-breakpoint
CREATE INDEX "notifications_installation_id_triggered_at_index" ON "notifications" USING btree ("installation_id","triggered_at");--> statement-breakpoint
CREATE INDEX "notifications_triggered_at_index" ON "notifications" USING btree ("triggered_at");--> statement-breakpoint
CREATE INDEX "outbox_queue_dispatched_at_available_at_index" ON "outbox" USING btree ("queue","dispatched_at","available_at");--> statement-breakpoint
CREATE INDEX "sensor_devices_rope_id_index" ON "sensor_devices" USING btree ("rope_id");--> statement-breakpoint
CREATE INDEX "sensors_device_id_index" ON "sensors" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "smartrope_events_smartrope_id_occurred_at_index" ON "smartrope_events" USING btree ("smartrope_id","occurred_at");--> statement-breakpoint
CREATE INDEX "smartrope_sensors_smartrope_id_index" ON "smartrope_sensors" USING btree ("smartrope_id");--> statement-breakpoint
CREATE INDEX "smartropes_rope_id_index" ON "smartropes" USING btree ("rope_id");--> statement-breakpoint
CREATE INDEX "task_assignees_user_id_index" ON "task_assignees" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "task_notes_task_id_created_at_index" ON "task_notes" USING btree ("task_id","created_at");--> statement-breakpoint
CREATE INDEX "tasks_rope_id_index" ON "tasks" USING btree ("rope_id");--> statement-breakpoint
CREATE INDEX "tasks_status_due_at_index" ON "tasks" USING btree ("status","due_at");