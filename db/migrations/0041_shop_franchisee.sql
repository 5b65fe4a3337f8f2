CREATE TABLE "shop_return_lines" (
	"return_id" uuid NOT NULL,
	"order_line_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "shop_return_lines_return_id_order_line_id_pk" PRIMARY KEY("return_id","order_line_id"),
	CONSTRAINT "shop_return_lines_quantity" CHECK ("shop_return_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"franchisee_id" uuid PRIMARY KEY NOT NULL,
	"offers_next_wash" boolean DEFAULT true NOT NULL,
	"offers_pickup" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_settings_one_delivery" CHECK ("shop_settings"."offers_next_wash" or "shop_settings"."offers_pickup")
);
--> statement-breakpoint
ALTER TABLE "shop_returns" DROP CONSTRAINT "shop_returns_order_id_unique";--> statement-breakpoint
ALTER TABLE "shop_orders" ADD COLUMN "royalty_basis_points" integer;--> statement-breakpoint
ALTER TABLE "shop_returns" ADD COLUMN "request_key" text;--> statement-breakpoint
ALTER TABLE "shop_returns" ADD COLUMN "subtotal_cents" integer;--> statement-breakpoint
ALTER TABLE "shop_return_lines" ADD CONSTRAINT "shop_return_lines_return_id_shop_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."shop_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_return_lines" ADD CONSTRAINT "shop_return_lines_order_line_id_shop_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."shop_order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_franchisee_id_franchisees_id_fk" FOREIGN KEY ("franchisee_id") REFERENCES "public"."franchisees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_returns_order_idx" ON "shop_returns" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "shop_returns" ADD CONSTRAINT "shop_returns_request_key_unique" UNIQUE("request_key");