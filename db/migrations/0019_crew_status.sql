CREATE TYPE "public"."crew_status" AS ENUM('en_route', 'arrived', 'started', 'finished');--> statement-breakpoint
CREATE TABLE "appointment_delays" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"expected_arrival_at" timestamp with time zone NOT NULL,
	"minutes_late" integer NOT NULL,
	"told_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_delays_minutes" CHECK ("appointment_delays"."minutes_late" > 0)
);
--> statement-breakpoint
CREATE TABLE "appointment_status_events" (
	"appointment_id" uuid NOT NULL,
	"status" "crew_status" NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"by_user_id" text,
	"by_name" text NOT NULL,
	"expected_arrival_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_status_events_appointment_id_status_pk" PRIMARY KEY("appointment_id","status")
);
--> statement-breakpoint
ALTER TABLE "appointment_delays" ADD CONSTRAINT "appointment_delays_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_status_events" ADD CONSTRAINT "appointment_status_events_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_status_events" ADD CONSTRAINT "appointment_status_events_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;