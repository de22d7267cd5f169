ALTER TABLE "sensor_measurements" DROP CONSTRAINT "sensor_measurements_sensor_id_sensors_id_fk";
--> statement-breakpoint
ALTER TABLE "sensor_measurements_1h" DROP CONSTRAINT "sensor_measurements_1h_sensor_id_sensors_id_fk";
--> statement-breakpoint
ALTER TABLE "sensor_measurements_1m" DROP CONSTRAINT "sensor_measurements_1m_sensor_id_sensors_id_fk";
