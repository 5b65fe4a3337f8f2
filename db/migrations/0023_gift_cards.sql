CREATE TYPE "public"."gift_card_status" AS ENUM('awaiting_payment', 'paid');--> statement-breakpoint
CREATE TYPE "public"."gift_card_use_kind" AS ENUM('redeem', 'restore');--> statement-breakpoint
ALTER TYPE "public"."payment_kind" ADD VALUE 'gift_card';--> statement-breakpoint
ALTER TYPE "public"."payment_method" ADD VALUE 'gift_card';--> statement-breakpoint
CREATE TABLE "gift_card_uses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gift_card_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"kind" "gift_card_use_kind" NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_card_uses_amount" CHECK ("gift_card_uses"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"status" "gift_card_status" DEFAULT 'awaiting_payment' NOT NULL,
	"amount_cents" integer NOT NULL,
	"balance_cents" integer NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"message" text,
	"deliver_on" date NOT NULL,
	"purchase_key" text NOT NULL,
	"stripe_checkout_session_id" text,
	"stripe_checkout_url" text,
	"stripe_payment_intent_id" text,
	"paid_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_cards_code_unique" UNIQUE("code"),
	CONSTRAINT "gift_cards_purchase_key_unique" UNIQUE("purchase_key"),
	CONSTRAINT "gift_cards_stripe_checkout_session_id_unique" UNIQUE("stripe_checkout_session_id"),
	CONSTRAINT "gift_cards_amounts" CHECK ("gift_cards"."amount_cents" > 0 and "gift_cards"."balance_cents" >= 0 and "gift_cards"."balance_cents" <= "gift_cards"."amount_cents"),
	CONSTRAINT "gift_cards_paid" CHECK (("gift_cards"."status" = 'paid') = ("gift_cards"."paid_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "gift_card_uses" ADD CONSTRAINT "gift_card_uses_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_uses" ADD CONSTRAINT "gift_card_uses_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_card_uses_once_uq" ON "gift_card_uses" USING btree ("appointment_id","kind");--> statement-breakpoint
CREATE INDEX "gift_card_uses_card_idx" ON "gift_card_uses" USING btree ("gift_card_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_cards_status_idx" ON "gift_cards" USING btree ("status","created_at");