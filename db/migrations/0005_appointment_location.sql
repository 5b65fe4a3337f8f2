CREATE TYPE "public"."location_precision" AS ENUM('fsa', 'municipality', 'street');--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "location_precision" "location_precision";--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_point" CHECK (("appointments"."latitude" is null) = ("appointments"."longitude" is null) and ("appointments"."latitude" is null) = ("appointments"."location_precision" is null) and ("appointments"."latitude" is null or ("appointments"."latitude" between -90 and 90 and "appointments"."longitude" between -180 and 180)));