CREATE TABLE "assistant_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"mode" text NOT NULL,
	"phone" text,
	"state" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "assistant_conversations_updated_idx" ON "assistant_conversations" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "assistant_conversations_phone_idx" ON "assistant_conversations" USING btree ("phone","updated_at");