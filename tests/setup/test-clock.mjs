// A shifted wall clock for test runs (issue 36, ADR 070). Loaded with `node --import` through
// NODE_OPTIONS by scripts/test.mjs when TEST_CLOCK is set, so the test runner, its workers, the
// production servers the HTTP tests start and PGlite's `now()` (which reads Date.now) all read the
// same instant: TEST_CLOCK at the moment the run started, then running at the real pace.
//
// The shift is computed once, by the first process, and handed down in TEST_CLOCK_OFFSET_MS, so
// every process of the run agrees to the millisecond. Timers, performance.now() and the event
// loop are untouched: only the calendar moves. PostgreSQL's own `now()` keeps the real time.
const spec = process.env.TEST_CLOCK;

if (spec) {
  const RealDate = globalThis.Date;
  let offset = Number(process.env.TEST_CLOCK_OFFSET_MS);
  if (!process.env.TEST_CLOCK_OFFSET_MS || !Number.isFinite(offset)) {
    const target = RealDate.parse(spec);
    if (Number.isNaN(target)) {
      throw new Error(`TEST_CLOCK must be an ISO 8601 instant with its offset, got "${spec}"`);
    }
    offset = target - RealDate.now();
    process.env.TEST_CLOCK_OFFSET_MS = String(offset);
  }

  // A function, not a subclass: every date is a real Date (instanceof holds both ways, also for
  // dates cloned across worker threads); only "now" is shifted. Without `new`, a string, as the
  // real one gives.
  function ShiftedDate(...args) {
    if (!new.target) return new RealDate(RealDate.now() + offset).toString();
    return args.length === 0 ? new RealDate(RealDate.now() + offset) : new RealDate(...args);
  }
  ShiftedDate.prototype = RealDate.prototype;
  ShiftedDate.now = () => RealDate.now() + offset;
  ShiftedDate.parse = RealDate.parse;
  ShiftedDate.UTC = RealDate.UTC;
  globalThis.Date = ShiftedDate;
}
