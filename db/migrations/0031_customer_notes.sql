CREATE TABLE "customer_notes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"franchisee_id" uuid,
	"customer_email" text NOT NULL,
	"body" text NOT NULL,
	"author_user_id" text,
	"author_name" text NOT NULL,
	"edited_by_name" text,
	"edited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_notes_email_lower" CHECK ("customer_notes"."customer_email" = lower("customer_notes"."customer_email")),
	CONSTRAINT "customer_notes_body" CHECK (char_length("customer_notes"."body") between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_franchisee_id_franchisees_id_fk" FOREIGN KEY ("franchisee_id") REFERENCES "public"."franchisees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_notes_customer_idx" ON "customer_notes" USING btree ("customer_email","created_at");