CREATE TABLE "app_rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
-- The app counted in better-auth's table under keys "app:*" until ADR 061: those rows go.
DELETE FROM "rate_limits" WHERE "key" LIKE 'app:%';
