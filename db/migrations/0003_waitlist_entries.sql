CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"postal_code" text NOT NULL,
	"fsa" text NOT NULL,
	"town" text,
	"latitude" double precision,
	"longitude" double precision,
	"consent_event_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	"notified_zone_id" uuid,
	CONSTRAINT "waitlist_entries_fsa" CHECK (char_length("waitlist_entries"."fsa") = 3),
	CONSTRAINT "waitlist_entries_point" CHECK (("waitlist_entries"."latitude" is null) = ("waitlist_entries"."longitude" is null))
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_consent_event_id_consent_events_id_fk" FOREIGN KEY ("consent_event_id") REFERENCES "public"."consent_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_notified_zone_id_service_zones_id_fk" FOREIGN KEY ("notified_zone_id") REFERENCES "public"."service_zones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_email_postal_uq" ON "waitlist_entries" USING btree ("email","postal_code");--> statement-breakpoint
CREATE INDEX "waitlist_entries_waiting_idx" ON "waitlist_entries" USING btree ("fsa") WHERE "waitlist_entries"."notified_at" is null;