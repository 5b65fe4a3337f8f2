CREATE TYPE "public"."promo_campaign" AS ENUM('admin', 'referral', 'winback');--> statement-breakpoint
CREATE TYPE "public"."promo_discount_kind" AS ENUM('percent', 'fixed');--> statement-breakpoint
ALTER TYPE "public"."points_reason" ADD VALUE 'referral';--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"campaign" "promo_campaign" DEFAULT 'admin' NOT NULL,
	"kind" "promo_discount_kind" NOT NULL,
	"value" integer NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"max_uses" integer,
	"uses_count" integer DEFAULT 0 NOT NULL,
	"once_per_customer" boolean DEFAULT false NOT NULL,
	"zone_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"min_cars" smallint DEFAULT 1 NOT NULL,
	"first_booking_only" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"referrer_user_id" text,
	"recipient_email" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "promo_codes_value" CHECK (("promo_codes"."kind" = 'percent' and "promo_codes"."value" between 1 and 100) or ("promo_codes"."kind" = 'fixed' and "promo_codes"."value" > 0)),
	CONSTRAINT "promo_codes_uses" CHECK ("promo_codes"."uses_count" >= 0 and ("promo_codes"."max_uses" is null or "promo_codes"."uses_count" <= "promo_codes"."max_uses")),
	CONSTRAINT "promo_codes_min_cars" CHECK ("promo_codes"."min_cars" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "promo_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"promo_code_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"discount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_redemptions_appointment_id_unique" UNIQUE("appointment_id"),
	CONSTRAINT "promo_redemptions_discount" CHECK ("promo_redemptions"."discount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "winback_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"period_key" text NOT NULL,
	"promo_code_id" uuid NOT NULL,
	"email_queued" boolean DEFAULT false NOT NULL,
	"sms_queued" boolean DEFAULT false NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_referrer_user_id_users_id_fk" FOREIGN KEY ("referrer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "winback_sends" ADD CONSTRAINT "winback_sends_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_referrer_uq" ON "promo_codes" USING btree ("referrer_user_id") WHERE "promo_codes"."campaign" = 'referral';--> statement-breakpoint
CREATE INDEX "promo_redemptions_code_idx" ON "promo_redemptions" USING btree ("promo_code_id");--> statement-breakpoint
CREATE INDEX "winback_sends_email_idx" ON "winback_sends" USING btree ("email","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "winback_sends_email_period_uq" ON "winback_sends" USING btree ("email","period_key");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_discount" CHECK ("appointments"."discount_cents" >= 0);