CREATE TYPE "public"."job_photo_kind" AS ENUM('before', 'after');--> statement-breakpoint
CREATE TABLE "appointment_checklist_ticks" (
	"appointment_id" uuid NOT NULL,
	"step_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"by_user_id" text,
	CONSTRAINT "appointment_checklist_ticks_appointment_id_step_id_pk" PRIMARY KEY("appointment_id","step_id")
);
--> statement-breakpoint
CREATE TABLE "appointment_photos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"appointment_id" uuid NOT NULL,
	"kind" "job_photo_kind" NOT NULL,
	"car" smallint NOT NULL,
	"sha256" text NOT NULL,
	"width" smallint NOT NULL,
	"height" smallint NOT NULL,
	"taken_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_photos_car" CHECK ("appointment_photos"."car" between 1 and 3),
	CONSTRAINT "appointment_photos_size" CHECK ("appointment_photos"."width" > 0 and "appointment_photos"."height" > 0)
);
--> statement-breakpoint
CREATE TABLE "service_checklist_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" uuid NOT NULL,
	"label" text NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_checklist_steps_label" CHECK (length("service_checklist_steps"."label") between 1 and 120)
);
--> statement-breakpoint
ALTER TABLE "appointment_checklist_ticks" ADD CONSTRAINT "appointment_checklist_ticks_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_checklist_ticks" ADD CONSTRAINT "appointment_checklist_ticks_step_id_service_checklist_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."service_checklist_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_checklist_ticks" ADD CONSTRAINT "appointment_checklist_ticks_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_photos" ADD CONSTRAINT "appointment_photos_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_photos" ADD CONSTRAINT "appointment_photos_taken_by_users_id_fk" FOREIGN KEY ("taken_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_checklist_steps" ADD CONSTRAINT "service_checklist_steps_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_photos_content_idx" ON "appointment_photos" USING btree ("appointment_id","sha256");--> statement-breakpoint
CREATE INDEX "service_checklist_steps_service_idx" ON "service_checklist_steps" USING btree ("service_id","sort_order");