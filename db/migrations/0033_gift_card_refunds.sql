CREATE TABLE "gift_card_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gift_card_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" "payment_status" DEFAULT 'pending' NOT NULL,
	"idempotency_key" text NOT NULL,
	"stripe_payment_intent_id" text NOT NULL,
	"stripe_refund_id" text,
	"created_by" text,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_card_refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "gift_card_refunds_stripe_refund_id_unique" UNIQUE("stripe_refund_id"),
	CONSTRAINT "gift_card_refunds_amount" CHECK ("gift_card_refunds"."amount_cents" > 0),
	CONSTRAINT "gift_card_refunds_settled" CHECK (("gift_card_refunds"."status" = 'succeeded') = ("gift_card_refunds"."settled_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "gift_card_refunds" ADD CONSTRAINT "gift_card_refunds_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_refunds" ADD CONSTRAINT "gift_card_refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_card_refunds_card_idx" ON "gift_card_refunds" USING btree ("gift_card_id","created_at");