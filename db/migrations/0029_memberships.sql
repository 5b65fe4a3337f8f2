CREATE TYPE "public"."membership_charge_status" AS ENUM('pending', 'charging', 'succeeded', 'failed');--> statement-breakpoint
CREATE TYPE "public"."membership_status" AS ENUM('awaiting_payment', 'active', 'paused', 'cancelled', 'past_due');--> statement-breakpoint
CREATE TABLE "membership_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"franchisee_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"status" "membership_charge_status" DEFAULT 'pending' NOT NULL,
	"amount_cents" integer NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"tps_cents" integer NOT NULL,
	"tvq_cents" integer NOT NULL,
	"application_fee_cents" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"failure_code" text,
	"stripe_payment_intent_id" text,
	"stripe_checkout_session_id" text,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_charges_stripe_checkout_session_id_unique" UNIQUE("stripe_checkout_session_id"),
	CONSTRAINT "membership_charges_amounts" CHECK ("membership_charges"."amount_cents" = "membership_charges"."subtotal_cents" + "membership_charges"."tps_cents" + "membership_charges"."tvq_cents"
        and "membership_charges"."subtotal_cents" >= 0 and "membership_charges"."tps_cents" >= 0 and "membership_charges"."tvq_cents" >= 0
        and "membership_charges"."application_fee_cents" between 0 and "membership_charges"."subtotal_cents")
);
--> statement-breakpoint
CREATE TABLE "membership_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"monthly_price_cents" integer NOT NULL,
	"service_id" uuid NOT NULL,
	"included_washes" integer NOT NULL,
	"extras_discount_basis_points" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_plans_values" CHECK ("membership_plans"."monthly_price_cents" >= 50 and "membership_plans"."included_washes" between 0 and 10
        and "membership_plans"."extras_discount_basis_points" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "membership_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"plan_id" uuid NOT NULL,
	"franchisee_id" uuid NOT NULL,
	"vehicles" integer NOT NULL,
	"status" "membership_status" DEFAULT 'awaiting_payment' NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"royalty_basis_points" integer NOT NULL,
	"stripe_account_id" text NOT NULL,
	"stripe_customer_id" text NOT NULL,
	"stripe_payment_method_id" text,
	"stripe_checkout_session_id" text,
	"stripe_checkout_url" text,
	"request_key" text NOT NULL,
	"current_period_start" date,
	"current_period_end" date,
	"paused_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_subscriptions_stripe_checkout_session_id_unique" UNIQUE("stripe_checkout_session_id"),
	CONSTRAINT "membership_subscriptions_request_key_unique" UNIQUE("request_key"),
	CONSTRAINT "membership_subscriptions_values" CHECK ("membership_subscriptions"."vehicles" between 1 and 3 and "membership_subscriptions"."unit_price_cents" >= 0
        and "membership_subscriptions"."royalty_basis_points" between 0 and 10000),
	CONSTRAINT "membership_subscriptions_period" CHECK (("membership_subscriptions"."status" = 'awaiting_payment') = ("membership_subscriptions"."current_period_start" is null)
        and ("membership_subscriptions"."current_period_start" is null) = ("membership_subscriptions"."current_period_end" is null)
        and ("membership_subscriptions"."current_period_end" is null or "membership_subscriptions"."current_period_end" > "membership_subscriptions"."current_period_start"))
);
--> statement-breakpoint
CREATE TABLE "membership_usages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"appointment_id" uuid NOT NULL,
	"washes" integer NOT NULL,
	"discount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_usages_appointment_id_unique" UNIQUE("appointment_id"),
	CONSTRAINT "membership_usages_values" CHECK ("membership_usages"."washes" >= 0 and "membership_usages"."discount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "membership_charges" ADD CONSTRAINT "membership_charges_subscription_id_membership_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."membership_subscriptions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_charges" ADD CONSTRAINT "membership_charges_franchisee_id_franchisees_id_fk" FOREIGN KEY ("franchisee_id") REFERENCES "public"."franchisees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_plans" ADD CONSTRAINT "membership_plans_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_subscriptions" ADD CONSTRAINT "membership_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_subscriptions" ADD CONSTRAINT "membership_subscriptions_plan_id_membership_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."membership_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_subscriptions" ADD CONSTRAINT "membership_subscriptions_franchisee_id_franchisees_id_fk" FOREIGN KEY ("franchisee_id") REFERENCES "public"."franchisees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_usages" ADD CONSTRAINT "membership_usages_subscription_id_membership_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."membership_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_usages" ADD CONSTRAINT "membership_usages_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "membership_charges_period_uq" ON "membership_charges" USING btree ("subscription_id","period_start");--> statement-breakpoint
CREATE INDEX "membership_charges_retry_idx" ON "membership_charges" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_subscriptions_live_uq" ON "membership_subscriptions" USING btree ("user_id") WHERE "membership_subscriptions"."status" in ('active', 'paused', 'past_due');--> statement-breakpoint
CREATE INDEX "membership_subscriptions_due_idx" ON "membership_subscriptions" USING btree ("status","current_period_end");--> statement-breakpoint
CREATE INDEX "membership_usages_period_idx" ON "membership_usages" USING btree ("subscription_id","period_start");