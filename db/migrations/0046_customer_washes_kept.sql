-- Each customer's last completed wash and last win-back offer (ADR 114), by lower-cased e-mail,
-- kept by the database in the transaction of every change, as review_totals (ADR 105) and
-- zone_month_totals (ADR 112) are. An appointment or an offer inserted moves the dates forward,
-- by statement (a bulk insert is one upsert per customer). A change by row (only when the status,
-- the e-mail or the start of an appointment changes, or the e-mail or date of an offer) and a
-- deletion recount the customer's dates through the e-mail indexes; a customer with neither left
-- has no row (an erased account's e-mail goes). Customers go in e-mail order,
-- so two changes touching the same two customers lock them in the same order. drizzle-kit cannot
-- express triggers, hence this hand-written step.
CREATE FUNCTION customer_washes_recount(customer text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  completed timestamptz;
  offered timestamptz;
BEGIN
  SELECT max(a.start_at) INTO completed FROM appointments a
   WHERE lower(a.customer_email) = customer AND a.status = 'completed';
  SELECT max(w.sent_at) INTO offered FROM winback_sends w WHERE w.email = customer;
  -- Nothing left of the customer (an erased account's e-mail, ADR 027): the row goes with it.
  IF completed IS NULL AND offered IS NULL THEN
    DELETE FROM customer_washes WHERE email = customer;
  ELSE
    INSERT INTO customer_washes AS t (email, last_completed_at, last_offered_at)
    VALUES (customer, completed, offered)
    ON CONFLICT (email) DO UPDATE
      SET last_completed_at = excluded.last_completed_at,
          last_offered_at = excluded.last_offered_at;
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION customer_washes_after_appointments() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO customer_washes AS t (email, last_completed_at)
    SELECT lower(a.customer_email), max(a.start_at)
      FROM added a
     WHERE a.status = 'completed'
     GROUP BY 1
     ORDER BY 1
    ON CONFLICT (email) DO UPDATE
      SET last_completed_at = greatest(t.last_completed_at, excluded.last_completed_at);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM customer_washes_recount(c.email)
       FROM (SELECT DISTINCT lower(r.customer_email) AS email FROM removed r
              WHERE r.status = 'completed' ORDER BY 1) c;
  ELSE
    PERFORM customer_washes_recount(c.email)
       FROM (SELECT DISTINCT e AS email FROM (VALUES (lower(OLD.customer_email)), (lower(NEW.customer_email))) v (e)
              ORDER BY 1) c;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER customer_washes_on_insert AFTER INSERT ON appointments
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION customer_washes_after_appointments();
--> statement-breakpoint
CREATE TRIGGER customer_washes_on_delete AFTER DELETE ON appointments
  REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION customer_washes_after_appointments();
--> statement-breakpoint
CREATE TRIGGER customer_washes_on_change AFTER UPDATE OF status, customer_email, start_at ON appointments
  FOR EACH ROW
  WHEN ((OLD.status = 'completed' OR NEW.status = 'completed')
        AND (OLD.status IS DISTINCT FROM NEW.status
             OR OLD.customer_email IS DISTINCT FROM NEW.customer_email
             OR OLD.start_at IS DISTINCT FROM NEW.start_at))
  EXECUTE FUNCTION customer_washes_after_appointments();
--> statement-breakpoint
CREATE FUNCTION customer_washes_after_offers() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO customer_washes AS t (email, last_offered_at)
    SELECT lower(w.email), max(w.sent_at)
      FROM added w
     GROUP BY 1
     ORDER BY 1
    ON CONFLICT (email) DO UPDATE
      SET last_offered_at = greatest(t.last_offered_at, excluded.last_offered_at);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM customer_washes_recount(c.email)
       FROM (SELECT DISTINCT lower(r.email) AS email FROM removed r ORDER BY 1) c;
  ELSE
    PERFORM customer_washes_recount(c.email)
       FROM (SELECT DISTINCT e AS email FROM (VALUES (lower(OLD.email)), (lower(NEW.email))) v (e)
              ORDER BY 1) c;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER customer_washes_on_offer AFTER INSERT ON winback_sends
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION customer_washes_after_offers();
--> statement-breakpoint
CREATE TRIGGER customer_washes_on_offer_delete AFTER DELETE ON winback_sends
  REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION customer_washes_after_offers();
--> statement-breakpoint
CREATE TRIGGER customer_washes_on_offer_change AFTER UPDATE OF email, sent_at ON winback_sends
  FOR EACH ROW
  WHEN (OLD.email IS DISTINCT FROM NEW.email OR OLD.sent_at IS DISTINCT FROM NEW.sent_at)
  EXECUTE FUNCTION customer_washes_after_offers();
--> statement-breakpoint
CREATE FUNCTION customer_washes_on_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'appointments' THEN
    UPDATE customer_washes SET last_completed_at = NULL;
  ELSE
    UPDATE customer_washes SET last_offered_at = NULL;
  END IF;
  DELETE FROM customer_washes WHERE last_completed_at IS NULL AND last_offered_at IS NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER customer_washes_on_truncate AFTER TRUNCATE ON appointments
  FOR EACH STATEMENT EXECUTE FUNCTION customer_washes_on_truncate();
--> statement-breakpoint
CREATE TRIGGER customer_washes_on_offers_truncate AFTER TRUNCATE ON winback_sends
  FOR EACH STATEMENT EXECUTE FUNCTION customer_washes_on_truncate();
--> statement-breakpoint
-- The washes and offers already recorded.
INSERT INTO customer_washes (email, last_completed_at, last_offered_at)
SELECT email, max(completed), max(offered)
  FROM (
    SELECT lower(customer_email) AS email, start_at AS completed, NULL::timestamptz AS offered
      FROM appointments WHERE status = 'completed'
    UNION ALL
    SELECT lower(email), NULL, sent_at FROM winback_sends
  ) c
 GROUP BY email;
