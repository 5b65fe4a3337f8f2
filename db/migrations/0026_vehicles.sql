CREATE TABLE "customer_vehicles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"year" smallint NOT NULL,
	"colour" text NOT NULL,
	"plate" text,
	"size_class_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_vehicles_year" CHECK ("customer_vehicles"."year" between 1900 and 2100)
);
--> statement-breakpoint
CREATE TABLE "service_size_class_prices" (
	"service_id" uuid NOT NULL,
	"size_class_id" uuid NOT NULL,
	"difference_cents" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_size_class_prices_service_id_size_class_id_pk" PRIMARY KEY("service_id","size_class_id"),
	CONSTRAINT "service_size_class_prices_bounded" CHECK ("service_size_class_prices"."difference_cents" between -100000 and 100000)
);
--> statement-breakpoint
CREATE TABLE "vehicle_size_classes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"is_standard" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_size_classes_slug_unique" UNIQUE("slug"),
	CONSTRAINT "vehicle_size_classes_standard_active" CHECK (not "vehicle_size_classes"."is_standard" or "vehicle_size_classes"."is_active")
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "vehicles" jsonb;--> statement-breakpoint
ALTER TABLE "customer_vehicles" ADD CONSTRAINT "customer_vehicles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_vehicles" ADD CONSTRAINT "customer_vehicles_size_class_id_vehicle_size_classes_id_fk" FOREIGN KEY ("size_class_id") REFERENCES "public"."vehicle_size_classes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_size_class_prices" ADD CONSTRAINT "service_size_class_prices_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_size_class_prices" ADD CONSTRAINT "service_size_class_prices_size_class_id_vehicle_size_classes_id_fk" FOREIGN KEY ("size_class_id") REFERENCES "public"."vehicle_size_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_vehicles_user_idx" ON "customer_vehicles" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_size_classes_one_standard" ON "vehicle_size_classes" USING btree ("is_standard") WHERE "vehicle_size_classes"."is_standard";--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_vehicles" CHECK ("appointments"."vehicles" is null or (jsonb_typeof("appointments"."vehicles") = 'array' and jsonb_array_length("appointments"."vehicles") = "appointments"."cars"));--> statement-breakpoint
-- The size classes exist on every database (ADR 085): the standard one prices bare car counts. Their
-- price differences start at 0 (the same price as before); the admin sets them.
INSERT INTO "vehicle_size_classes" ("slug", "name", "is_standard", "sort_order") VALUES
  ('auto', 'Auto', true, 0),
  ('vus', 'VUS', false, 1),
  ('camionnette', 'Camionnette', false, 2),
  ('fourgonnette', 'Fourgonnette', false, 3)
ON CONFLICT ("slug") DO NOTHING;
