CREATE TABLE "review_totals" (
	"zone_id" uuid PRIMARY KEY NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_totals" ADD CONSTRAINT "review_totals_zone_id_service_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."service_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_name_trgm_idx" ON "appointments" USING gin ("customer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "appointments_email_trgm_idx" ON "appointments" USING gin ("customer_email" gin_trgm_ops);