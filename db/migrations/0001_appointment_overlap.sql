-- One team member never has two scheduled appointments at once (travel buffer included).
-- drizzle-kit cannot express extensions or exclusion constraints, hence this hand-written step.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap"
  EXCLUDE USING gist ("team_member_id" WITH =, tstzrange("start_at", "blocked_until", '[)') WITH &&)
  WHERE ("status" = 'scheduled');
