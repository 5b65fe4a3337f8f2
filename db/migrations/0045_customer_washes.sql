CREATE TABLE "customer_washes" (
	"email" text PRIMARY KEY NOT NULL,
	"last_completed_at" timestamp with time zone,
	"last_offered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "customer_washes_due_idx" ON "customer_washes" USING btree (greatest("last_completed_at", "last_offered_at"));