CREATE TYPE "public"."review_hide_reason" AS ENUM('insult', 'personal_data', 'off_topic');--> statement-breakpoint
CREATE TABLE "review_moderation_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"action" text NOT NULL,
	"reason" "review_hide_reason",
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_requests" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointment_reviews" ADD COLUMN "display_name" text;--> statement-breakpoint
ALTER TABLE "appointment_reviews" ADD COLUMN "publish_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointment_reviews" ADD COLUMN "hidden_reason" "review_hide_reason";--> statement-breakpoint
ALTER TABLE "appointment_reviews" ADD COLUMN "hidden_by" text;--> statement-breakpoint
ALTER TABLE "appointment_reviews" ADD COLUMN "response" text;--> statement-breakpoint
ALTER TABLE "appointment_reviews" ADD COLUMN "responded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointment_reviews" ADD COLUMN "responded_by" text;--> statement-breakpoint
ALTER TABLE "appointment_reviews" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "review_moderation_log" ADD CONSTRAINT "review_moderation_log_review_id_appointment_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."appointment_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_moderation_log" ADD CONSTRAINT "review_moderation_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_moderation_log_review_idx" ON "review_moderation_log" USING btree ("review_id");--> statement-breakpoint
ALTER TABLE "appointment_reviews" ADD CONSTRAINT "appointment_reviews_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_reviews" ADD CONSTRAINT "appointment_reviews_responded_by_users_id_fk" FOREIGN KEY ("responded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_reviews_created_idx" ON "appointment_reviews" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "appointment_reviews" ADD CONSTRAINT "appointment_reviews_hidden" CHECK (("appointment_reviews"."hidden_at" is null) = ("appointment_reviews"."hidden_reason" is null));