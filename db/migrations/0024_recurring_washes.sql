CREATE TABLE "booking_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_appointment_id" uuid NOT NULL,
	"interval_weeks" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_series_source_appointment_id_unique" UNIQUE("source_appointment_id"),
	CONSTRAINT "booking_series_interval" CHECK ("booking_series"."interval_weeks" in (2, 3, 4, 6))
);
--> statement-breakpoint
CREATE TABLE "booking_series_occurrences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"series_id" uuid NOT NULL,
	"occurrence_date" date NOT NULL,
	"status" text NOT NULL,
	"appointment_id" uuid,
	"planned_start" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_series_occurrences_once" UNIQUE("series_id","occurrence_date")
);
--> statement-breakpoint
ALTER TABLE "booking_series" ADD CONSTRAINT "booking_series_source_appointment_id_appointments_id_fk" FOREIGN KEY ("source_appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_series_occurrences" ADD CONSTRAINT "booking_series_occurrences_series_id_booking_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."booking_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_series_status_idx" ON "booking_series" USING btree ("status");--> statement-breakpoint
CREATE INDEX "booking_series_occurrences_appointment_idx" ON "booking_series_occurrences" USING btree ("appointment_id");