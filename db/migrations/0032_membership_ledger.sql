ALTER TYPE "public"."payment_kind" ADD VALUE 'membership';--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "appointment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "membership_charge_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_membership_charge_id_membership_charges_id_fk" FOREIGN KEY ("membership_charge_id") REFERENCES "public"."membership_charges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_membership_charge_uq" ON "payments" USING btree ("membership_charge_id") WHERE "payments"."refund_of" is null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_of_one" CHECK (("payments"."appointment_id" is null) <> ("payments"."membership_charge_id" is null));