CREATE TABLE "sensor_plotline_states" (
	"sensor_id" integer PRIMARY KEY NOT NULL,
	"checked_until" timestamp (6) with time zone NOT NULL,
	"outside" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sensor_plotline_states" ADD CONSTRAINT "sensor_plotline_states_sensor_id_sensors_id_fk" FOREIGN KEY ("sensor_id") REFERENCES "public"."sensors"("id") ON DELETE cascade ON UPDATE no action;