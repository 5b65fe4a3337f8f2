CREATE TABLE "zone_month_totals" (
	"zone_id" uuid NOT NULL,
	"month" text NOT NULL,
	"bookings" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "zone_month_totals_zone_id_month_pk" PRIMARY KEY("zone_id","month")
);
--> statement-breakpoint
ALTER TABLE "zone_month_totals" ADD CONSTRAINT "zone_month_totals_zone_id_service_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."service_zones"("id") ON DELETE cascade ON UPDATE no action;