/**
 * The crew's steps at a stop (issue 32, ADR 078): « En route », « Arrivé », « Commencé »,
 * « Terminé », in this order. A step may be skipped (a forgotten tap) but never undone.
 */
export const CREW_STEPS = ["en_route", "arrived", "started", "finished"] as const;
export type CrewStep = (typeof CREW_STEPS)[number];

/** The steps still ahead after `current` (null: none tapped yet). */
export function stepsAfter(current: CrewStep | null): CrewStep[] {
  return CREW_STEPS.slice(current === null ? 0 : CREW_STEPS.indexOf(current) + 1);
}

/** The furthest step among those recorded, or null. */
export function currentStep(recorded: readonly CrewStep[]): CrewStep | null {
  let best: CrewStep | null = null;
  for (const step of recorded)
    if (best === null || CREW_STEPS.indexOf(step) > CREW_STEPS.indexOf(best)) best = step;
  return best;
}

/** What a tap on `wanted` does when `recorded` are already there: record it, nothing (a retry), or refuse. */
export function tapOutcome(
  recorded: readonly CrewStep[],
  wanted: CrewStep,
): "record" | "already" | "backwards" {
  if (recorded.includes(wanted)) return "already";
  const current = currentStep(recorded);
  return current !== null && CREW_STEPS.indexOf(current) > CREW_STEPS.indexOf(wanted)
    ? "backwards"
    : "record";
}

const FIVE_MINUTES = 5 * 60_000;

/** An arrival time as told to a customer: rounded up to the next 5 minutes (« vers 10 h 35 »). */
export function roundedArrival(at: Date): Date {
  return new Date(Math.ceil(at.getTime() / FIVE_MINUTES) * FIVE_MINUTES);
}

/**
 * When the crew reaches the next stop: they arrive at this one (`arrivalAt`), wait for its start
 * if early, do the job (its booked length), pack up and drive (`travelMinutes`). Returns the
 * expected arrival and the minutes past the next stop's start (0 when on time).
 */
export function nextStopArrival({
  arrivalAt,
  stop,
  travelMinutes,
  nextStartAt,
}: {
  arrivalAt: Date;
  stop: { startAt: Date; endAt: Date };
  travelMinutes: number;
  nextStartAt: Date;
}): { expectedAt: Date; minutesLate: number } {
  const begin = Math.max(arrivalAt.getTime(), stop.startAt.getTime());
  const expected = begin + (stop.endAt.getTime() - stop.startAt.getTime()) + travelMinutes * 60_000;
  const late = Math.ceil((expected - nextStartAt.getTime()) / 60_000);
  return { expectedAt: new Date(expected), minutesLate: Math.max(0, late) };
}
