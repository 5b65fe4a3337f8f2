CREATE TYPE "public"."connect_state" AS ENUM('not_started', 'onboarding', 'enabled', 'restricted');--> statement-breakpoint
CREATE TYPE "public"."amount_rule" AS ENUM('fixed', 'percent');--> statement-breakpoint
CREATE TYPE "public"."cancel_fee_rule" AS ENUM('none', 'deposit', 'fixed', 'percent');--> statement-breakpoint
CREATE TYPE "public"."payment_kind" AS ENUM('deposit', 'balance', 'charge', 'tip', 'refund');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('stripe', 'on_site_card', 'cash');--> statement-breakpoint
CREATE TYPE "public"."payment_plan_status" AS ENUM('awaiting_card', 'secured', 'released', 'settled');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('pending', 'succeeded', 'failed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."zone_payment_mode" AS ENUM('on_site', 'card_kept', 'deposit');--> statement-breakpoint
CREATE TABLE "appointment_payment_plans" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"mode" "zone_payment_mode" NOT NULL,
	"deposit_cents" integer DEFAULT 0 NOT NULL,
	"late_cancel_fee_cents" integer DEFAULT 0 NOT NULL,
	"no_show_fee_cents" integer DEFAULT 0 NOT NULL,
	"royalty_basis_points" integer NOT NULL,
	"stripe_account_id" text NOT NULL,
	"stripe_customer_id" text,
	"stripe_checkout_session_id" text,
	"stripe_payment_method_id" text,
	"status" "payment_plan_status" DEFAULT 'awaiting_card' NOT NULL,
	"hold_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_payment_plans_stripe_checkout_session_id_unique" UNIQUE("stripe_checkout_session_id"),
	CONSTRAINT "appointment_payment_plans_amounts" CHECK ("appointment_payment_plans"."deposit_cents" >= 0 and "appointment_payment_plans"."late_cancel_fee_cents" >= 0 and "appointment_payment_plans"."no_show_fee_cents" >= 0 and "appointment_payment_plans"."royalty_basis_points" between 0 and 10000),
	CONSTRAINT "appointment_payment_plans_mode" CHECK ("appointment_payment_plans"."mode" <> 'on_site')
);
--> statement-breakpoint
CREATE TABLE "payment_customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"user_id" text,
	"stripe_customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_customers_stripe_customer_id_unique" UNIQUE("stripe_customer_id"),
	CONSTRAINT "payment_customers_email_lower" CHECK ("payment_customers"."email" = lower("payment_customers"."email"))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"franchisee_id" uuid NOT NULL,
	"kind" "payment_kind" NOT NULL,
	"method" "payment_method" DEFAULT 'stripe' NOT NULL,
	"status" "payment_status" DEFAULT 'pending' NOT NULL,
	"amount_cents" integer NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"tps_cents" integer DEFAULT 0 NOT NULL,
	"tvq_cents" integer DEFAULT 0 NOT NULL,
	"tip_cents" integer DEFAULT 0 NOT NULL,
	"application_fee_cents" integer DEFAULT 0 NOT NULL,
	"refund_of" uuid,
	"idempotency_key" text NOT NULL,
	"stripe_checkout_session_id" text,
	"stripe_payment_intent_id" text,
	"stripe_refund_id" text,
	"failure_code" text,
	"reason" text,
	"created_by" text,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payments_stripe_refund_id_unique" UNIQUE("stripe_refund_id"),
	CONSTRAINT "payments_amounts" CHECK ("payments"."amount_cents" = "payments"."subtotal_cents" + "payments"."tps_cents" + "payments"."tvq_cents" + "payments"."tip_cents"
        and "payments"."subtotal_cents" >= 0 and "payments"."tps_cents" >= 0 and "payments"."tvq_cents" >= 0 and "payments"."tip_cents" >= 0
        and "payments"."application_fee_cents" between 0 and "payments"."subtotal_cents"),
	CONSTRAINT "payments_refund_of" CHECK (("payments"."kind" = 'refund') = ("payments"."refund_of" is not null)),
	CONSTRAINT "payments_stripe_only_online" CHECK ("payments"."method" = 'stripe' or "payments"."stripe_payment_intent_id" is null)
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"object_id" text,
	"stripe_created_at" timestamp with time zone NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"outcome" text
);
--> statement-breakpoint
CREATE TABLE "zone_payment_settings" (
	"zone_id" uuid PRIMARY KEY NOT NULL,
	"mode" "zone_payment_mode" DEFAULT 'on_site' NOT NULL,
	"deposit_rule" "amount_rule",
	"deposit_value" integer,
	"late_cancel_rule" "cancel_fee_rule" DEFAULT 'none' NOT NULL,
	"late_cancel_value" integer,
	"no_show_rule" "cancel_fee_rule" DEFAULT 'none' NOT NULL,
	"no_show_value" integer,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zone_payment_deposit" CHECK (("zone_payment_settings"."mode" = 'deposit') = ("zone_payment_settings"."deposit_rule" is not null and "zone_payment_settings"."deposit_value" is not null)),
	CONSTRAINT "zone_payment_values" CHECK (("zone_payment_settings"."deposit_value" is null or "zone_payment_settings"."deposit_value" > 0)
        and ("zone_payment_settings"."deposit_rule" <> 'percent' or "zone_payment_settings"."deposit_value" <= 10000)
        and ("zone_payment_settings"."late_cancel_rule" in ('fixed', 'percent')) = ("zone_payment_settings"."late_cancel_value" is not null)
        and ("zone_payment_settings"."no_show_rule" in ('fixed', 'percent')) = ("zone_payment_settings"."no_show_value" is not null)
        and ("zone_payment_settings"."late_cancel_value" is null or "zone_payment_settings"."late_cancel_value" > 0)
        and ("zone_payment_settings"."no_show_value" is null or "zone_payment_settings"."no_show_value" > 0)
        and ("zone_payment_settings"."late_cancel_rule" <> 'percent' or "zone_payment_settings"."late_cancel_value" <= 10000)
        and ("zone_payment_settings"."no_show_rule" <> 'percent' or "zone_payment_settings"."no_show_value" <= 10000)),
	CONSTRAINT "zone_payment_fee_needs_card" CHECK ("zone_payment_settings"."mode" <> 'on_site' or ("zone_payment_settings"."late_cancel_rule" = 'none' and "zone_payment_settings"."no_show_rule" = 'none'))
);
--> statement-breakpoint
ALTER TABLE "franchisees" ADD COLUMN "royalty_basis_points" integer;--> statement-breakpoint
ALTER TABLE "franchisees" ADD COLUMN "stripe_account_id" text;--> statement-breakpoint
ALTER TABLE "franchisees" ADD COLUMN "stripe_account_state" "connect_state" DEFAULT 'not_started' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_payment_plans" ADD CONSTRAINT "appointment_payment_plans_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_franchisee_id_franchisees_id_fk" FOREIGN KEY ("franchisee_id") REFERENCES "public"."franchisees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_of_payments_id_fk" FOREIGN KEY ("refund_of") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zone_payment_settings" ADD CONSTRAINT "zone_payment_settings_zone_id_service_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."service_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zone_payment_settings" ADD CONSTRAINT "zone_payment_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_payment_plans_hold_idx" ON "appointment_payment_plans" USING btree ("hold_until") WHERE "appointment_payment_plans"."status" = 'awaiting_card';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_customers_email_uq" ON "payment_customers" USING btree ("email");--> statement-breakpoint
CREATE INDEX "payment_customers_user_idx" ON "payment_customers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payments_appointment_idx" ON "payments" USING btree ("appointment_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_franchisee_idx" ON "payments" USING btree ("franchisee_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_intent_idx" ON "payments" USING btree ("stripe_payment_intent_id");--> statement-breakpoint
CREATE INDEX "payments_refund_of_idx" ON "payments" USING btree ("refund_of");--> statement-breakpoint
CREATE INDEX "stripe_events_object_idx" ON "stripe_events" USING btree ("object_id","stripe_created_at");--> statement-breakpoint
ALTER TABLE "franchisees" ADD CONSTRAINT "franchisees_stripe_account_id_unique" UNIQUE("stripe_account_id");--> statement-breakpoint
ALTER TABLE "franchisees" ADD CONSTRAINT "franchisees_royalty" CHECK ("franchisees"."royalty_basis_points" between 0 and 10000);