CREATE TABLE "team_time_off" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_member_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_time_off_order" CHECK ("team_time_off"."ends_on" >= "team_time_off"."starts_on")
);
--> statement-breakpoint
ALTER TABLE "team_time_off" ADD CONSTRAINT "team_time_off_team_member_id_team_members_id_fk" FOREIGN KEY ("team_member_id") REFERENCES "public"."team_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_time_off_member_idx" ON "team_time_off" USING btree ("team_member_id","starts_on");