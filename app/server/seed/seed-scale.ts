// The bench's bigger network (issue 35, ADR 098): `factor` times the bench's own (3 zones, 10
// team members, 2,000 appointments), added beside it so that the demo zones keep their size and a
// per-zone request can be compared at both sizes. Every row is made by the database itself
// (INSERT ... SELECT over generate_series): 200,000 appointments take seconds, not minutes.
// Deterministic from `seed`: ids are md5 of a name and a number, every choice a seeded integer
// hash of the row's number (a PRNG the database computes, the same on PGlite and PostgreSQL).
import { sql } from "drizzle-orm";
import type { Db } from "~/server/db.server";

export interface ScaleOptions {
  /** 100 = about 300 zones, 1,000 members, 200,000 appointments, 50,000 customers. */
  factor: number;
  /** The PRNG's seed: the same seed gives the same rows. */
  seed: number;
  /** The service the appointments are of (the seed's active one). */
  serviceId: string;
  priceCents: number;
  durationMinutes: number;
  /** Told each statement's time (the bench prints them): which step grows with the factor. */
  onStep?: (step: string, ms: number) => void;
}

export interface ScaleCounts {
  franchisees: number;
  zones: number;
  teamMembers: number;
  appointments: number;
  customers: number;
}

/** What `factor` adds to the bench's 1x network. */
export function scaleCounts(factor: number): ScaleCounts {
  const extra = Math.max(0, Math.round(factor) - 1);
  return {
    franchisees: extra,
    zones: extra * 3,
    teamMembers: extra * 10,
    appointments: extra * 2000,
    customers: Math.round(factor) * 500,
  };
}

/** Days of history (completed, some cancelled) and of future (scheduled). */
const PAST_DAYS = 700;
const FUTURE_DAYS = 30;

/**
 * A seeded integer hash of `expr` in [0, 2^31 - 1): splitmix-like, in bigint arithmetic that
 * PostgreSQL and PGlite compute the same way.
 */
function hash(expr: string, seed: number, salt: number): string {
  const s = (seed * 1_000_003 + salt * 7919) % 2_147_483_647;
  return `(((((${expr})::bigint * 2654435761 + ${s}) % 2147483647) * 48271 + ${salt}) % 2147483647)`;
}

export async function seedScale(db: Db, options: ScaleOptions): Promise<ScaleCounts> {
  const counts = scaleCounts(options.factor);
  if (counts.franchisees === 0) return counts;
  const { seed } = options;
  const F = counts.franchisees;
  const M = counts.teamMembers;
  const N = counts.appointments;
  const C = counts.customers;
  const run = async (text: string) => {
    const started = performance.now();
    await db.execute(sql.raw(text));
    options.onStep?.(
      /^\s*(\w+(?: into)? \w+)/.exec(text)?.[1] ?? text.slice(0, 30),
      performance.now() - started,
    );
  };
  const day = (offset: string) => `(current_date + (${offset})::int)`;

  // Customers: accounts with a phone, their consent (express, from the booking form).
  await run(`insert into users (id, name, first_name, last_name, email, email_verified, phone, role, created_at)
    select 'scale-c-' || g, 'Client ' || g, 'Client', 'N' || g, 'client-' || g || '@scale.example', true,
           '+1514' || lpad(g::text, 7, '0'), 'client', now() - interval '730 days'
      from generate_series(0, ${C - 1}) g`);
  await run(`insert into consent_events (id, channel, address, kind, action, source, user_id, occurred_at)
    select md5('scale-consent-' || g)::uuid, 'email', 'client-' || g || '@scale.example', 'express', 'given',
           'booking_form', 'scale-c-' || g, now() - interval '730 days'
      from generate_series(0, ${C - 1}) g`);

  // Franchisees, three zones each far up north (away from the demo zones' postal areas), ten
  // members each, available on weekdays 09:00-17:00.
  await run(`insert into users (id, name, first_name, last_name, email, email_verified, role)
    select 'scale-f-' || f, 'Franchisé ' || f, 'Franchisé', 'F' || f, 'franchise-' || f || '@scale.example', true, 'franchisee'
      from generate_series(0, ${F - 1}) f`);
  await run(`insert into franchisees (id, user_id, business_name, email)
    select md5('scale-f-' || f)::uuid, 'scale-f-' || f, 'Franchise ' || f, 'franchise-' || f || '@scale.example'
      from generate_series(0, ${F - 1}) f`);
  await run(`insert into service_zones (id, zone_name, route_slug, center_latitude, center_longitude, service_radius_km, status, franchisee_id)
    select md5('scale-z-' || z)::uuid, 'Zone ' || z, 'zone-' || z, 56 + (z % 20) * 0.3, -78 + (z / 20) * 0.8, 25, 'active',
           md5('scale-f-' || (z / 3))::uuid
      from generate_series(0, ${counts.zones - 1}) z`);
  await run(`insert into team_members (id, franchisee_id, first_name, last_name, email)
    select md5('scale-m-' || m)::uuid, md5('scale-f-' || (m / 10))::uuid, 'Équipier', 'M' || m, 'equipier-' || m || '@scale.example'
      from generate_series(0, ${M - 1}) m`);
  await run(`insert into team_availability (id, team_member_id, day_of_week, start_time, end_time)
    select md5('scale-a-' || m || '-' || d)::uuid, md5('scale-m-' || m)::uuid, d, '09:00', '17:00'
      from generate_series(0, ${M - 1}) m, generate_series(1, 5) d`);

  // Appointments: row g is member g % M's, on a day of its own (k * 37 mod 730 is one-to-one for
  // k < 730), so that no member has two at once; two years back, a month ahead.
  const span = PAST_DAYS + FUTURE_DAYS;
  if (N / M > span) throw new Error("too many appointments per member for the span");
  const k = `(g / ${M})`;
  const m = `(g % ${M})`;
  const offset = `(((${k} * 37 + ${m} * 11) % ${span}) - ${PAST_DAYS})`;
  const start = `((${day(offset)} + time '09:00' + ((${hash("g", seed, 1)} % 4) * interval '2 hours')) at time zone 'America/Toronto')`;
  const customer = `(${hash("g", seed, 2)} % ${C})`;
  const cancelled = `(${hash("g", seed, 3)} % 20 = 0)`;
  await run(`insert into appointments (id, booking_id, manage_token_hash, zone_id, franchisee_id, team_member_id, service_id,
      user_id, cars, start_at, end_at, blocked_until, status, customer_name, customer_email, customer_phone, address, city,
      unit_price_cents, price_cents, cancelled_at, completed_at, created_at)
    select md5('scale-ap-' || g)::uuid, 'S' || lpad(g::text, 9, '0'), md5('scale-token-' || g),
           md5('scale-z-' || ((${m} / 10) * 3 + ${hash("g", seed, 4)} % 3))::uuid,
           md5('scale-f-' || (${m} / 10))::uuid, md5('scale-m-' || ${m})::uuid, '${options.serviceId}'::uuid,
           'scale-c-' || ${customer}, 1, ${start}, ${start} + interval '${options.durationMinutes} minutes',
           ${start} + interval '${options.durationMinutes + 30} minutes',
           (case when ${offset} >= 0 then 'scheduled' when ${cancelled} then 'cancelled' else 'completed' end)::appointment_status,
           'Client ' || ${customer}, 'client-' || ${customer} || '@scale.example', '+1514' || lpad(${customer}::text, 7, '0'),
           (100 + g % 900) || ' rue du Nord', 'Zone', ${options.priceCents}, ${options.priceCents},
           case when ${offset} < 0 and ${cancelled} then ${start} - interval '1 day' end,
           case when ${offset} < 0 and not ${cancelled} then ${start} + interval '${options.durationMinutes} minutes' end,
           ${start} - interval '7 days'
      from generate_series(0, ${N - 1}) g`);

  // The planner's figures of the tables just filled: without them (PGlite has no autovacuum) the
  // reviews' trigger joined 60,000 new reviews to 200,000 appointments by reading the table once
  // per review, over 20 minutes (ADR 098).
  await run("analyze appointments, users");

  // Their points (+50 a completed wash, balance after each), the customers' balances, the
  // reviews of three washes in ten, a text and a finished e-mail job for each appointment.
  await run(`insert into points_ledger (id, user_id, delta, balance_after, reason, appointment_id, created_at)
    select md5('scale-pl-' || a.id)::uuid, a.user_id, 50,
           50 * row_number() over (partition by a.user_id order by a.completed_at, a.id), 'appointment_completed', a.id, a.completed_at
      from appointments a where a.booking_id like 'S%' and a.status = 'completed'`);
  await run(`insert into loyalty_points (user_id, points, total_earned)
    select u.id, coalesce(sum(l.delta), 0), coalesce(sum(l.delta), 0)
      from users u left join points_ledger l on l.user_id = u.id
     where u.id like 'scale-c-%' group by u.id`);
  await run(`insert into appointment_reviews (id, appointment_id, rating, comment, display_name, publish_consent, created_at)
    select md5('scale-rv-' || a.id)::uuid, a.id, 3 + (${hash("substr(a.booking_id, 2)::bigint", seed, 5)} % 3), 'Très bon travail', a.customer_name, true,
           a.completed_at + interval '1 day'
      from appointments a
     where a.booking_id like 'S%' and a.status = 'completed' and ${hash("substr(a.booking_id, 2)::bigint", seed, 6)} % 10 < 3`);
  await run(`insert into sms_messages (id, direction, category, phone, body, status, provider, appointment_id, created_at, sent_at)
    select md5('scale-sms-' || a.id)::uuid, 'outbound', 'transactional', a.customer_phone, 'Rappel : lavage demain', 'sent', 'log',
           a.id, a.start_at - interval '1 day', a.start_at - interval '1 day'
      from appointments a where a.booking_id like 'S%'`);
  await run(`insert into jobs (name, payload, status, run_at, attempts, completed_at, created_at, updated_at)
    select 'email.booking', jsonb_build_object('appointmentId', a.id, 'kind', 'confirmation'), 'completed', a.created_at, 1,
           a.created_at, a.created_at, a.created_at
      from appointments a where a.booking_id like 'S%' order by a.created_at`);
  // The win-back's past (ADR 050): nineteen customers in twenty were offered their code ten days
  // ago, so a day's run has a day's work (the others), not the whole network's first run.
  await run(`insert into promo_codes (id, code, campaign, kind, value, starts_at, ends_at, max_uses, once_per_customer, recipient_email, created_at)
    select md5('scale-promo-' || g)::uuid, 'SCALE' || g, 'winback', 'percent', 15, now() - interval '10 days',
           now() + interval '20 days', 1, true, 'client-' || g || '@scale.example', now() - interval '10 days'
      from generate_series(0, ${C - 1}) g where ${hash("g", seed, 7)} % 20 <> 0`);
  await run(`insert into winback_sends (id, email, period_key, promo_code_id, email_queued, sent_at)
    select md5('scale-wb-' || g)::uuid, 'client-' || g || '@scale.example', 'scale/60', md5('scale-promo-' || g)::uuid, true,
           now() - interval '10 days'
      from generate_series(0, ${C - 1}) g where ${hash("g", seed, 7)} % 20 <> 0`);
  await run("analyze");
  return counts;
}
