CREATE TABLE "booking_requests" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"request_hash" text NOT NULL,
	"appointment_id" uuid NOT NULL,
	"sealed_manage_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "booking_requests_expires_at_idx" ON "booking_requests" USING btree ("expires_at");