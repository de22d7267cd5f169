ALTER TABLE "sensor_devices" ADD COLUMN "broker_username" varchar(64);--> statement-breakpoint
ALTER TABLE "sensor_devices" ADD COLUMN "broker_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "smartropes" ADD COLUMN "broker_username" varchar(64);--> statement-breakpoint
ALTER TABLE "smartropes" ADD COLUMN "broker_enabled" boolean DEFAULT false NOT NULL;