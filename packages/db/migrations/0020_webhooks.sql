CREATE TABLE "webhook_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" bigint NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"trigger" varchar(8) NOT NULL,
	"url" varchar(2000) NOT NULL,
	"request_headers" jsonb NOT NULL,
	"status_code" integer,
	"response_body" text,
	"duration_ms" integer NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"endpoint_id" integer NOT NULL,
	"message_id" varchar(64) NOT NULL,
	"event_key" varchar(200) NOT NULL,
	"event_type" varchar(64) NOT NULL,
	"payload" jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_status_code" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "webhook_deliveries_messageId_unique" UNIQUE("message_id")
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"mandator_id" integer NOT NULL,
	"owner_user_id" integer,
	"url" varchar(2000) NOT NULL,
	"description" varchar(255) DEFAULT '' NOT NULL,
	"event_types" jsonb NOT NULL,
	"secret_sealed" text NOT NULL,
	"previous_secret_sealed" text,
	"previous_secret_expires_at" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" varchar(16),
	"disabled_at" timestamp with time zone,
	"drain_lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_mandator_id_mandators_id_fk" FOREIGN KEY ("mandator_id") REFERENCES "public"."mandators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_id_index" ON "webhook_attempts" USING btree ("delivery_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_endpoint_id_event_key_index" ON "webhook_deliveries" USING btree ("endpoint_id","event_key");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_id_status_id_index" ON "webhook_deliveries" USING btree ("endpoint_id","status","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_created_at_index" ON "webhook_deliveries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_mandator_id_index" ON "webhook_endpoints" USING btree ("mandator_id");