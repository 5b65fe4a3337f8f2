ALTER TYPE "public"."promo_campaign" ADD VALUE 'thankyou';--> statement-breakpoint
CREATE TABLE "thankyou_sends" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"promo_code_id" uuid,
	"email_queued" boolean DEFAULT false NOT NULL,
	"sms_queued" boolean DEFAULT false NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "thankyou_sends" ADD CONSTRAINT "thankyou_sends_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thankyou_sends" ADD CONSTRAINT "thankyou_sends_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "thankyou_sends_code_idx" ON "thankyou_sends" USING btree ("promo_code_id");