-- Each zone's counted bookings and revenue per local month (ADR 112), kept by the database in the
-- transaction of every change of an appointment, as review_totals is (ADR 105). Counted: not
-- cancelled, dated by its start in America/Toronto (ADR 022). Inserts and deletions by statement
-- (a bulk insert is one upsert per zone and month), changes by row, only when the status, the
-- zone, the start or the price changes. The upserts go in (zone, month) order, so two changes
-- that touch the same two months lock them in the same order. drizzle-kit cannot express
-- triggers, hence this hand-written step.
CREATE FUNCTION zone_month_of(starts timestamptz) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(starts AT TIME ZONE 'America/Toronto', 'YYYY-MM')
$$;
--> statement-breakpoint
CREATE FUNCTION zone_month_totals_after_appointments() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO zone_month_totals AS t (zone_id, month, bookings, revenue_cents)
    SELECT a.zone_id, zone_month_of(a.start_at), count(*), sum(a.price_cents)
      FROM added a
     WHERE a.status <> 'cancelled'
     GROUP BY 1, 2
     ORDER BY 1, 2
    ON CONFLICT (zone_id, month) DO UPDATE
      SET bookings = t.bookings + excluded.bookings,
          revenue_cents = t.revenue_cents + excluded.revenue_cents;
  ELSE
    INSERT INTO zone_month_totals AS t (zone_id, month, bookings, revenue_cents)
    SELECT r.zone_id, zone_month_of(r.start_at), -count(*), -sum(r.price_cents)
      FROM removed r
     WHERE r.status <> 'cancelled'
     GROUP BY 1, 2
     ORDER BY 1, 2
    ON CONFLICT (zone_id, month) DO UPDATE
      SET bookings = t.bookings + excluded.bookings,
          revenue_cents = t.revenue_cents + excluded.revenue_cents;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER zone_month_totals_on_insert AFTER INSERT ON appointments
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION zone_month_totals_after_appointments();
--> statement-breakpoint
CREATE TRIGGER zone_month_totals_on_delete AFTER DELETE ON appointments
  REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION zone_month_totals_after_appointments();
--> statement-breakpoint
CREATE FUNCTION zone_month_totals_after_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO zone_month_totals AS t (zone_id, month, bookings, revenue_cents)
  SELECT c.zone_id, c.month, sum(c.bookings), sum(c.revenue)
    FROM (
      SELECT OLD.zone_id, zone_month_of(OLD.start_at), -1, -OLD.price_cents::bigint
       WHERE OLD.status <> 'cancelled'
      UNION ALL
      SELECT NEW.zone_id, zone_month_of(NEW.start_at), 1, NEW.price_cents::bigint
       WHERE NEW.status <> 'cancelled'
    ) AS c (zone_id, month, bookings, revenue)
   GROUP BY c.zone_id, c.month
  HAVING sum(c.bookings) <> 0 OR sum(c.revenue) <> 0
   ORDER BY c.zone_id, c.month
  ON CONFLICT (zone_id, month) DO UPDATE
    SET bookings = t.bookings + excluded.bookings,
        revenue_cents = t.revenue_cents + excluded.revenue_cents;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER zone_month_totals_on_change AFTER UPDATE OF status, zone_id, start_at, price_cents ON appointments
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.zone_id IS DISTINCT FROM NEW.zone_id
        OR OLD.start_at IS DISTINCT FROM NEW.start_at OR OLD.price_cents IS DISTINCT FROM NEW.price_cents)
  EXECUTE FUNCTION zone_month_totals_after_change();
--> statement-breakpoint
CREATE FUNCTION zone_month_totals_on_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM zone_month_totals;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER zone_month_totals_on_truncate AFTER TRUNCATE ON appointments
  FOR EACH STATEMENT EXECUTE FUNCTION zone_month_totals_on_truncate();
--> statement-breakpoint
-- The appointments already booked.
INSERT INTO zone_month_totals (zone_id, month, bookings, revenue_cents)
SELECT zone_id, zone_month_of(start_at), count(*), sum(price_cents)
  FROM appointments
 WHERE status <> 'cancelled'
 GROUP BY 1, 2;
