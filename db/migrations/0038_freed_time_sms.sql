-- A freed time's offer by SMS (ADR 091, amended): the request's optional phone and its own SMS opt-in,
-- and the request an outbound SMS answers (checked again at delivery).
ALTER TABLE "sms_messages" ADD COLUMN "freed_time_request_id" uuid;--> statement-breakpoint
ALTER TABLE "freed_time_requests" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "freed_time_requests" ADD COLUMN "sms_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "freed_time_requests" ADD CONSTRAINT "freed_time_requests_sms_phone" CHECK (not "freed_time_requests"."sms_consent" or "freed_time_requests"."phone" is not null);