CREATE TYPE "public"."weather_reason" AS ENUM('rain', 'ice', 'watering_ban');--> statement-breakpoint
CREATE TABLE "weather_move_bookings" (
	"move_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"original_start_at" timestamp with time zone NOT NULL,
	"token_hash" text NOT NULL,
	"rebooked_at" timestamp with time zone,
	"new_start_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weather_move_bookings_appointment_id_original_start_at_pk" PRIMARY KEY("appointment_id","original_start_at")
);
--> statement-breakpoint
CREATE TABLE "weather_moves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"franchisee_id" uuid NOT NULL,
	"zone_id" uuid NOT NULL,
	"reason" "weather_reason" NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weather_moves_zone_window" UNIQUE("zone_id","from_at","to_at"),
	CONSTRAINT "weather_moves_window" CHECK ("weather_moves"."to_at" > "weather_moves"."from_at")
);
--> statement-breakpoint
ALTER TABLE "weather_move_bookings" ADD CONSTRAINT "weather_move_bookings_move_id_weather_moves_id_fk" FOREIGN KEY ("move_id") REFERENCES "public"."weather_moves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weather_move_bookings" ADD CONSTRAINT "weather_move_bookings_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weather_moves" ADD CONSTRAINT "weather_moves_franchisee_id_franchisees_id_fk" FOREIGN KEY ("franchisee_id") REFERENCES "public"."franchisees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weather_moves" ADD CONSTRAINT "weather_moves_zone_id_service_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."service_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weather_moves" ADD CONSTRAINT "weather_moves_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "weather_move_bookings_move_idx" ON "weather_move_bookings" USING btree ("move_id");--> statement-breakpoint
CREATE INDEX "weather_moves_franchisee_idx" ON "weather_moves" USING btree ("franchisee_id","from_at");