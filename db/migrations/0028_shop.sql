CREATE TYPE "public"."shop_delivery" AS ENUM('next_wash', 'pickup');--> statement-breakpoint
CREATE TYPE "public"."shop_order_status" AS ENUM('awaiting_payment', 'paid', 'delivered', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."shop_return_status" AS ENUM('requested', 'accepted', 'refused');--> statement-breakpoint
CREATE TABLE "shop_order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"inventory_item_id" uuid NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	CONSTRAINT "shop_order_lines_quantity" CHECK ("shop_order_lines"."quantity" > 0),
	CONSTRAINT "shop_order_lines_total" CHECK ("shop_order_lines"."total_cents" = "shop_order_lines"."quantity" * "shop_order_lines"."unit_price_cents")
);
--> statement-breakpoint
CREATE TABLE "shop_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"franchisee_id" uuid NOT NULL,
	"user_id" text,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"status" "shop_order_status" DEFAULT 'awaiting_payment' NOT NULL,
	"delivery" "shop_delivery" NOT NULL,
	"appointment_id" uuid,
	"subtotal_cents" integer NOT NULL,
	"tps_cents" integer NOT NULL,
	"tvq_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"checkout_key" text NOT NULL,
	"stripe_checkout_session_id" text,
	"stripe_checkout_url" text,
	"stripe_payment_intent_id" text,
	"paid_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_orders_number_unique" UNIQUE("number"),
	CONSTRAINT "shop_orders_checkout_key_unique" UNIQUE("checkout_key"),
	CONSTRAINT "shop_orders_stripe_checkout_session_id_unique" UNIQUE("stripe_checkout_session_id"),
	CONSTRAINT "shop_orders_total" CHECK ("shop_orders"."subtotal_cents" > 0 and "shop_orders"."total_cents" = "shop_orders"."subtotal_cents" + "shop_orders"."tps_cents" + "shop_orders"."tvq_cents"),
	CONSTRAINT "shop_orders_next_wash" CHECK ("shop_orders"."delivery" = 'pickup' or "shop_orders"."appointment_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "shop_products" (
	"inventory_item_id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"retail_price_cents" integer NOT NULL,
	"is_retail" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_products_slug_unique" UNIQUE("slug"),
	CONSTRAINT "shop_products_price" CHECK ("shop_products"."retail_price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "shop_returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"status" "shop_return_status" DEFAULT 'requested' NOT NULL,
	"reason" text,
	"amount_cents" integer NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"stripe_refund_id" text,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_returns_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "shop_returns_stripe_refund_id_unique" UNIQUE("stripe_refund_id"),
	CONSTRAINT "shop_returns_amount" CHECK ("shop_returns"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "shop_stock" (
	"franchisee_id" uuid NOT NULL,
	"inventory_item_id" uuid NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_stock_franchisee_id_inventory_item_id_pk" PRIMARY KEY("franchisee_id","inventory_item_id"),
	CONSTRAINT "shop_stock_quantity" CHECK ("shop_stock"."quantity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "shop_order_lines" ADD CONSTRAINT "shop_order_lines_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order_lines" ADD CONSTRAINT "shop_order_lines_inventory_item_id_shop_products_inventory_item_id_fk" FOREIGN KEY ("inventory_item_id") REFERENCES "public"."shop_products"("inventory_item_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_franchisee_id_franchisees_id_fk" FOREIGN KEY ("franchisee_id") REFERENCES "public"."franchisees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_products" ADD CONSTRAINT "shop_products_inventory_item_id_inventory_items_id_fk" FOREIGN KEY ("inventory_item_id") REFERENCES "public"."inventory_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_returns" ADD CONSTRAINT "shop_returns_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_returns" ADD CONSTRAINT "shop_returns_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_stock" ADD CONSTRAINT "shop_stock_franchisee_id_franchisees_id_fk" FOREIGN KEY ("franchisee_id") REFERENCES "public"."franchisees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_stock" ADD CONSTRAINT "shop_stock_inventory_item_id_shop_products_inventory_item_id_fk" FOREIGN KEY ("inventory_item_id") REFERENCES "public"."shop_products"("inventory_item_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_order_lines_item_uq" ON "shop_order_lines" USING btree ("order_id","inventory_item_id");--> statement-breakpoint
CREATE INDEX "shop_orders_user_idx" ON "shop_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "shop_orders_franchisee_idx" ON "shop_orders" USING btree ("franchisee_id","created_at");--> statement-breakpoint
CREATE INDEX "shop_orders_appointment_idx" ON "shop_orders" USING btree ("appointment_id");