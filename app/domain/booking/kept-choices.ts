/**
 * « Modifier » at step 2 goes back to step 1 with the time and the extras chosen (issue 33):
 * forward again, each is kept while still valid (the time still open for this address and these
 * vehicles, the extra still offered), and the ones dropped are named.
 */
export interface KeptChoices {
  /** The time kept, when still offered. */
  start: string | null;
  /** The extras kept, those still offered. */
  extras: string[];
  /** The time chosen before that is no longer open. */
  lostStart: string | null;
  /** How many extras are no longer offered. */
  lostExtras: number;
}

export function keepChoices(
  chosen: { start: string | null; extras: readonly string[] },
  offered: { days: readonly { slots: readonly { start: string }[] }[]; extras: readonly string[] },
): KeptChoices {
  const open =
    chosen.start !== null && offered.days.some((d) => d.slots.some((s) => s.start === chosen.start));
  const unique = [...new Set(chosen.extras)];
  const extras = unique.filter((slug) => offered.extras.includes(slug));
  return {
    start: open ? chosen.start : null,
    extras,
    lostStart: open ? null : chosen.start,
    lostExtras: unique.length - extras.length,
  };
}
