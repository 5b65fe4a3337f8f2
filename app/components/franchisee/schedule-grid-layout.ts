/**
 * The schedule grid's geometry and columns (ADR 052, 056, 104), apart from its drawing: the
 * scale, the lanes of overlapping blocks, the week's day columns and the day's member columns.
 */
import { formatDay } from "~/lib/format";
import type { MinuteRange } from "~/domain/franchisee/schedule-day";
import { BUSINESS_TIME_ZONE, instantToZonedParts } from "~/domain/time/zoned";
import { backOfficeMessages } from "~/lib/messages/back-office.fr";
import type { ScheduleItem } from "./appointment-card";

const c = backOfficeMessages.calendar;

/** Pixels per minute of the grid: an hour is 64 px, a 30 min wash a comfortable touch target. */
export const PX_PER_MINUTE = 64 / 60;
/** Width of the hours' gutter, kept in view while the grid scrolls sideways. */
export const GUTTER = 48;

/** Minutes since local midnight (business time zone). */
export function minutesOf(instant: Date): number {
  const [hour = 0, minute = 0] = instantToZonedParts(instant, BUSINESS_TIME_ZONE).time.split(":").map(Number);
  return hour * 60 + minute;
}

export interface GridColumn {
  key: string;
  label: string;
  /** The day of the column (yyyy-MM-dd), for the week grid. */
  day?: string;
  isToday?: boolean;
  items: ScheduleItem[];
  /** The member of the column, for the day grid: a drop there gives them the appointment. */
  memberId?: string;
  /** The member's free time that day (minutes since midnight), drawn behind the blocks. */
  free?: MinuteRange[];
  /** The member's time off that day: its reason, the whole column shown as off. */
  off?: string | null;
  /** Where the column's title leads (the week grid: that day, chosen). */
  href?: string;
  /** Where a block of this column leads (default: its card below, `#rdv-<id>`). */
  blockHref?: (item: ScheduleItem) => string;
}

/** Where a block was dropped: a member (the column's, or the block's own), a day and a start. */
export interface GridDrop {
  teamMemberId: string;
  day: string;
  /** Minutes since local midnight, on the half hour. */
  minutes: number;
}

/** The half hour a drop snaps to: the booking grid's step (DEFAULT_STEP_MINUTES). */
export const SNAP_MINUTES = 30;
/** How far the pointer moves before a press becomes a drag (a click stays a click). */
export const DRAG_THRESHOLD = 6;

/** The shortest block drawn, in pixels: a readable time and name, and a touch target. */
export const MIN_BLOCK = 44;
/** The narrowest lane: the start time and a customer's name on two lines stay readable. */
export const LANE_MIN_WIDTH = 96;
export const COLUMN_MIN_WIDTH = 104;

/**
 * Side-by-side lanes for the blocks of one column, as calendars do (ADR 056): blocks that overlap
 * on screen (a short job is drawn at least MIN_BLOCK tall) form a cluster; within it each block
 * takes the first free lane, and the cluster's blocks share its width by its number of lanes.
 * A block alone in its time keeps the whole width.
 */
export function lanes(
  items: { id: string; startAt: Date | string; endAt: Date | string }[],
  minMinutes = MIN_BLOCK / PX_PER_MINUTE,
): Map<string, { lane: number; of: number }> {
  const sorted = [...items].sort(
    (a, b) => +new Date(a.startAt) - +new Date(b.startAt) || +new Date(b.endAt) - +new Date(a.endAt),
  );
  const layout = new Map<string, { lane: number; of: number }>();
  let cluster: { id: string; lane: number }[] = [];
  let ends: number[] = [];
  let clusterEnd = -Infinity;
  const close = () => {
    for (const member of cluster) layout.set(member.id, { lane: member.lane, of: ends.length });
    cluster = [];
    ends = [];
  };
  for (const item of sorted) {
    const start = +new Date(item.startAt);
    const end = Math.max(+new Date(item.endAt), start + minMinutes * 60_000);
    if (start >= clusterEnd) close();
    let index = ends.findIndex((laneEnd) => laneEnd <= start);
    if (index === -1) index = ends.push(0) - 1;
    ends[index] = end;
    cluster.push({ id: item.id, lane: index });
    clusterEnd = cluster.length === 1 ? end : Math.max(clusterEnd, end);
  }
  close();
  return layout;
}

/** The most lanes any cluster of the column needs (1 without overlap). */
export function widestOf(layout: Map<string, { of: number }>): number {
  return Math.max(1, ...[...layout.values()].map((l) => l.of));
}

/** The week grid's columns: one per day. */
export function dayColumns(
  days: string[],
  items: ScheduleItem[],
  today: string,
  dayOf: (i: ScheduleItem) => string,
) {
  return days.map<GridColumn>((day) => ({
    key: day,
    day,
    label: formatDay(day, "shortWeekday"),
    isToday: day === today,
    items: items.filter((i) => dayOf(i) === day),
  }));
}

/** `9 h 30` of minutes since midnight. */
export function clockLabel(minutes: number): string {
  const m = minutes % 60;
  return `${Math.floor(minutes / 60)} h${m ? ` ${String(m).padStart(2, "0")}` : ""}`;
}

/**
 * The day grid's columns (ADR 104): one per active member, each with their free time and time
 * off that day, then one for appointments of a member no longer on the team.
 */
export function memberColumns(
  items: ScheduleItem[],
  members: {
    id: string;
    name: string;
    free: MinuteRange[];
    off: string | null;
  }[],
  day: string,
) {
  const columns = members.map<GridColumn>((m) => ({
    key: m.id,
    memberId: m.id,
    day,
    label: m.name || c.unassigned,
    free: m.free,
    off: m.off,
    items: items.filter((i) => i.teamMemberId === m.id),
  }));
  const others = items.filter((i) => !members.some((m) => m.id === i.teamMemberId));
  if (others.length > 0) columns.push({ key: "others", label: c.unassigned, items: others });
  return columns;
}
