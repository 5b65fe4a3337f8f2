// The clocks the tests are run under (issue 36, ADR 070). `TEST_CLOCK` takes an ISO 8601 instant
// with its offset, or one of the names below: the next such moment (Montréal wall time) after the
// real now, so that the run stays near the real date (PostgreSQL's own `now()` is not shifted).
//
// `npm run test:clocks` runs the unit, database and HTTP suites on PGlite under each named clock,
// each with another machine time zone; `npm test` honours TEST_CLOCK (CI sets a Saturday).
import { spawnSync } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Temporal } from "temporal-polyfill";

const ZONE = "America/Toronto";

/** Each named clock with the machine time zone `npm run test:clocks` pairs it with. */
export const NAMED_CLOCKS = {
  // The first open slot is Monday's: more than 24 h away.
  "saturday-morning": { tz: "UTC", next: (today) => nextWeekday(today, 6, "09:30") },
  // Tomorrow is a Monday; in UTC it is already Monday.
  "sunday-evening": { tz: "Asia/Tokyo", next: (today) => nextWeekday(today, 7, "20:30") },
  // A weekday at 23:30 local: the UTC date is already tomorrow's.
  "weekday-late": { tz: "America/Vancouver", next: (today) => nextWeekday(today, 3, "23:30") },
  // The night the clocks change (spring forward in March, fall back in November).
  "dst-night": { tz: "America/Toronto", next: nextDstNight },
  // The year changes in a few minutes.
  "new-years-eve": { tz: "Pacific/Kiritimati", next: (today) => wall(nextDate(today, 12, 31), "23:30") },
};

function wall(date, time) {
  return date.toZonedDateTime({ timeZone: ZONE, plainTime: Temporal.PlainTime.from(time) });
}

function nextWeekday(today, dayOfWeek, time) {
  const days = (dayOfWeek - today.dayOfWeek + 7) % 7 || 7;
  return wall(today.add({ days }), time);
}

function nextDate(today, month, day) {
  const thisYear = Temporal.PlainDate.from({ year: today.year, month, day });
  return Temporal.PlainDate.compare(thisYear, today) > 0 ? thisYear : thisYear.add({ years: 1 });
}

/** 01:30 on the next night whose UTC offset changes in Montréal (the first 01:30 in November). */
function nextDstNight(today) {
  let day = today.add({ days: 1 });
  for (let i = 0; i < 400; i += 1, day = day.add({ days: 1 })) {
    const midnight = day.toZonedDateTime({ timeZone: ZONE });
    const noon = wall(day, "12:00");
    if (midnight.offset !== noon.offset) return wall(day, "01:30");
  }
  throw new Error("no DST change within a year");
}

/** The ISO instant a TEST_CLOCK value stands for, `now` being the real time. */
export function resolveClock(value, now = new Date()) {
  const named = NAMED_CLOCKS[value];
  if (named) {
    const today = Temporal.Instant.fromEpochMilliseconds(now.getTime())
      .toZonedDateTimeISO(ZONE)
      .toPlainDate();
    return named.next(today).toString({ timeZoneName: "never" });
  }
  if (Number.isNaN(Date.parse(value))) {
    const names = Object.keys(NAMED_CLOCKS).join(", ");
    throw new Error(
      `TEST_CLOCK : « ${value} » n'est ni un instant ISO 8601 ni une horloge nommée (${names})`,
    );
  }
  return value;
}

/**
 * The environment of a run under `clock`: the shift computed once here, so that every process of
 * the run (the runner, its workers, the servers it starts) reads the same instant.
 */
export function clockEnv(clock, env = process.env) {
  const instant = resolveClock(clock);
  const preload = pathToFileURL(fileURLToPath(new URL("../tests/setup/test-clock.mjs", import.meta.url)));
  return {
    ...env,
    TEST_CLOCK: instant,
    TEST_CLOCK_OFFSET_MS: String(Date.parse(instant) - Date.now()),
    NODE_OPTIONS: `${env.NODE_OPTIONS ?? ""} --import=${preload.href}`.trim(),
  };
}

// `npm run test:clocks [name ...]`: the unit, database and HTTP suites on PGlite under each clock.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const names = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(NAMED_CLOCKS);
  const failed = [];
  for (const name of names) {
    const rest = { ...process.env };
    delete rest.TEST_DATABASE_URL;
    const env = clockEnv(name, { ...rest, TZ: NAMED_CLOCKS[name]?.tz ?? rest.TZ ?? "UTC" });
    console.log(`\n▶ Horloge ${name} : ${env.TEST_CLOCK} (fuseau de la machine ${env.TZ})`);
    for (const project of ["unit", "db", "http"]) {
      const started = Date.now();
      const result = spawnSync("npx", ["vitest", "run", "--project", project], { stdio: "inherit", env });
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`${result.status === 0 ? "✔" : "✖"} ${name} / ${project} (${seconds} s)`);
      if (result.status !== 0) failed.push(`${name} / ${project}`);
    }
  }
  if (failed.length > 0) {
    console.error(`\n✖ Échecs : ${failed.join(", ")}`);
    process.exit(1);
  }
  console.log(`\n✔ Suites vertes sous les horloges ${names.join(", ")}`);
}
