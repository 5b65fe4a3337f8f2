-- The published reviews of each zone, counted and summed in review_totals (ADR 105), kept by the
-- database in the transaction of every change: a review written, edited, hidden, restored or
-- deleted (also by the deletion of its appointment), and an appointment whose status or zone
-- changes. A published review: the customer's consent, not hidden, of a completed appointment
-- (reviews.server.ts, `published`). drizzle-kit cannot express triggers, hence this hand-written
-- step. Reviews are changed by statement (a bulk insert is one upsert per zone), appointments by
-- row, only when their status or zone changes.
CREATE FUNCTION review_totals_add(zone uuid, reviews bigint, ratings bigint) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO review_totals AS t (zone_id, review_count, rating_sum)
  VALUES (zone, reviews, ratings)
  ON CONFLICT (zone_id) DO UPDATE
    SET review_count = t.review_count + excluded.review_count,
        rating_sum = t.rating_sum + excluded.rating_sum
$$;
--> statement-breakpoint
CREATE FUNCTION review_totals_after_reviews() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM review_totals_add(a.zone_id, count(*), sum(r.rating))
      FROM added r JOIN appointments a ON a.id = r.appointment_id
      WHERE r.publish_consent AND r.hidden_at IS NULL AND a.status = 'completed'
      GROUP BY a.zone_id;
  ELSIF TG_OP = 'DELETE' THEN
    -- Deleted with its appointment: the appointment's own trigger took it out already.
    PERFORM review_totals_add(a.zone_id, -count(*), -sum(r.rating))
      FROM removed r JOIN appointments a ON a.id = r.appointment_id
      WHERE r.publish_consent AND r.hidden_at IS NULL AND a.status = 'completed'
      GROUP BY a.zone_id;
  ELSE
    PERFORM review_totals_add(c.zone_id, sum(c.reviews), sum(c.ratings))
      FROM (
        SELECT a.zone_id, 1 AS reviews, r.rating::integer AS ratings
          FROM added r JOIN appointments a ON a.id = r.appointment_id
          WHERE r.publish_consent AND r.hidden_at IS NULL AND a.status = 'completed'
        UNION ALL
        SELECT a.zone_id, -1, -r.rating::integer
          FROM removed r JOIN appointments a ON a.id = r.appointment_id
          WHERE r.publish_consent AND r.hidden_at IS NULL AND a.status = 'completed'
      ) c
      GROUP BY c.zone_id
      HAVING sum(c.reviews) <> 0 OR sum(c.ratings) <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER review_totals_on_insert AFTER INSERT ON appointment_reviews
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION review_totals_after_reviews();
--> statement-breakpoint
CREATE TRIGGER review_totals_on_update AFTER UPDATE ON appointment_reviews
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION review_totals_after_reviews();
--> statement-breakpoint
CREATE TRIGGER review_totals_on_delete AFTER DELETE ON appointment_reviews
  REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION review_totals_after_reviews();
--> statement-breakpoint
CREATE FUNCTION review_totals_on_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM review_totals;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER review_totals_on_truncate AFTER TRUNCATE ON appointment_reviews
  FOR EACH STATEMENT EXECUTE FUNCTION review_totals_on_truncate();
--> statement-breakpoint
CREATE FUNCTION review_totals_after_appointment() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  stars smallint;
BEGIN
  SELECT rating INTO stars FROM appointment_reviews
    WHERE appointment_id = OLD.id AND publish_consent AND hidden_at IS NULL;
  IF FOUND THEN
    IF OLD.status = 'completed' THEN
      PERFORM review_totals_add(OLD.zone_id, -1, -stars);
    END IF;
    IF TG_OP = 'UPDATE' AND NEW.status = 'completed' THEN
      PERFORM review_totals_add(NEW.zone_id, 1, stars);
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER review_totals_on_appointment_change AFTER UPDATE OF status, zone_id ON appointments
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.zone_id IS DISTINCT FROM NEW.zone_id)
  EXECUTE FUNCTION review_totals_after_appointment();
--> statement-breakpoint
-- Before the deletion: its review, deleted after it by the cascade, no longer finds it.
CREATE TRIGGER review_totals_on_appointment_delete BEFORE DELETE ON appointments
  FOR EACH ROW WHEN (OLD.status = 'completed')
  EXECUTE FUNCTION review_totals_after_appointment();
--> statement-breakpoint
-- The reviews already written.
INSERT INTO review_totals (zone_id, review_count, rating_sum)
SELECT a.zone_id, count(*), sum(r.rating)
  FROM appointment_reviews r JOIN appointments a ON a.id = r.appointment_id
  WHERE r.publish_consent AND r.hidden_at IS NULL AND a.status = 'completed'
  GROUP BY a.zone_id;
