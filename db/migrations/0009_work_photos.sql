CREATE TABLE "work_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"caption" text NOT NULL,
	"zone_id" uuid,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"widths" smallint[] NOT NULL,
	"width" smallint NOT NULL,
	"height" smallint NOT NULL,
	"before_width" smallint,
	"before_height" smallint,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_photos_size_positive" CHECK ("work_photos"."width" > 0 and "work_photos"."height" > 0),
	CONSTRAINT "work_photos_before_both_or_none" CHECK (("work_photos"."before_width" is null) = ("work_photos"."before_height" is null))
);
--> statement-breakpoint
ALTER TABLE "work_photos" ADD CONSTRAINT "work_photos_zone_id_service_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."service_zones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_photos" ADD CONSTRAINT "work_photos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_photos_order_idx" ON "work_photos" USING btree ("sort_order","created_at");