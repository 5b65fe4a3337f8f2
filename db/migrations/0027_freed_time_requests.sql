CREATE TABLE "freed_time_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"freed_start" timestamp with time zone NOT NULL,
	"appointment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "freed_time_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"zone_id" uuid NOT NULL,
	"cars" smallint NOT NULL,
	"days" date[] NOT NULL,
	"last_day" date NOT NULL,
	"stop_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stopped_at" timestamp with time zone,
	CONSTRAINT "freed_time_requests_stop_token_unique" UNIQUE("stop_token"),
	CONSTRAINT "freed_time_requests_cars" CHECK ("freed_time_requests"."cars" between 1 and 3),
	CONSTRAINT "freed_time_requests_days" CHECK (cardinality("freed_time_requests"."days") between 1 and 14)
);
--> statement-breakpoint
ALTER TABLE "freed_time_offers" ADD CONSTRAINT "freed_time_offers_request_id_freed_time_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."freed_time_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freed_time_offers" ADD CONSTRAINT "freed_time_offers_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freed_time_requests" ADD CONSTRAINT "freed_time_requests_zone_id_service_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."service_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "freed_time_offers_request_start_uq" ON "freed_time_offers" USING btree ("request_id","freed_start");--> statement-breakpoint
CREATE INDEX "freed_time_requests_open_idx" ON "freed_time_requests" USING btree ("zone_id","last_day") WHERE "freed_time_requests"."stopped_at" is null;