CREATE TABLE "photo_placements" (
	"slot" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"upsell_id" uuid,
	"zone_id" uuid,
	"photo_id" uuid NOT NULL,
	"alt" text NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photo_placements_kind_known" CHECK ("photo_placements"."kind" in ('hero', 'upsell', 'zone')),
	CONSTRAINT "photo_placements_slot_matches" CHECK ("photo_placements"."slot" = case "photo_placements"."kind" when 'hero' then 'hero' when 'upsell' then 'upsell:' || "photo_placements"."upsell_id"::text when 'zone' then 'zone:' || "photo_placements"."zone_id"::text end),
	CONSTRAINT "photo_placements_one_target" CHECK (("photo_placements"."kind" = 'upsell') = ("photo_placements"."upsell_id" is not null) and ("photo_placements"."kind" = 'zone') = ("photo_placements"."zone_id" is not null)),
	CONSTRAINT "photo_placements_alt_present" CHECK (length(btrim("photo_placements"."alt")) between 1 and 250)
);
--> statement-breakpoint
ALTER TABLE "photo_placements" ADD CONSTRAINT "photo_placements_upsell_id_upsell_options_id_fk" FOREIGN KEY ("upsell_id") REFERENCES "public"."upsell_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_placements" ADD CONSTRAINT "photo_placements_zone_id_service_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."service_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_placements" ADD CONSTRAINT "photo_placements_photo_id_work_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."work_photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_placements" ADD CONSTRAINT "photo_placements_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photo_placements_photo_idx" ON "photo_placements" USING btree ("photo_id");