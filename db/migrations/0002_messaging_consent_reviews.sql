CREATE TYPE "public"."consent_action" AS ENUM('given', 'withdrawn');--> statement-breakpoint
CREATE TYPE "public"."consent_channel" AS ENUM('email', 'sms');--> statement-breakpoint
CREATE TYPE "public"."consent_kind" AS ENUM('express', 'implied');--> statement-breakpoint
CREATE TYPE "public"."sms_category" AS ENUM('transactional', 'promotional', 'keyword_reply', 'inbound');--> statement-breakpoint
CREATE TYPE "public"."sms_direction" AS ENUM('outbound', 'inbound');--> statement-breakpoint
CREATE TYPE "public"."sms_status" AS ENUM('queued', 'sent', 'failed', 'refused', 'received');--> statement-breakpoint
CREATE TABLE "appointment_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_reviews_appointment_id_unique" UNIQUE("appointment_id"),
	CONSTRAINT "appointment_reviews_rating" CHECK ("appointment_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "consent_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" "consent_channel" NOT NULL,
	"address" text NOT NULL,
	"kind" "consent_kind" NOT NULL,
	"action" "consent_action" NOT NULL,
	"source" text NOT NULL,
	"user_id" text,
	"appointment_id" uuid,
	"expires_at" timestamp with time zone,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"direction" "sms_direction" NOT NULL,
	"category" "sms_category" NOT NULL,
	"phone" text NOT NULL,
	"body" text NOT NULL,
	"status" "sms_status" NOT NULL,
	"provider" text,
	"provider_message_id" text,
	"error" text,
	"appointment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "appointment_reviews" ADD CONSTRAINT "appointment_reviews_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_events_address_idx" ON "consent_events" USING btree ("channel","address","occurred_at");--> statement-breakpoint
CREATE INDEX "sms_messages_phone_idx" ON "sms_messages" USING btree ("phone","category","created_at");