import { Link } from "react-router";
import { cn } from "~/lib/utils";
import type { GridColumn } from "./schedule-grid-layout";

/**
 * The schedule grid's row of column titles (ADR 052, 104), kept in view while the grid scrolls:
 * a day (a link that chooses it, on the week grid) or a member's name (on two lines on a phone).
 */
export function ScheduleGridHeader({
  columns,
  template,
  focus,
}: {
  columns: GridColumn[];
  /** The grid's column template, the same as the body's. */
  template: string;
  /** The chosen column, marked as the current date. */
  focus?: string;
}) {
  return (
    <div className="sticky top-0 z-10 grid border-b bg-background" style={{ gridTemplateColumns: template }}>
      <span aria-hidden="true" className="sticky left-0 z-10 bg-background" />
      {columns.map((col) => {
        const classes = cn(
          "border-l px-2 py-2 text-center text-sm font-semibold first-letter:uppercase",
          // A member's name wraps on two lines rather than losing its end on a phone.
          col.memberId ? "line-clamp-2 break-words" : "truncate",
          col.isToday && "text-primary",
        );
        return col.href ? (
          <Link
            key={col.key}
            to={col.href}
            className={cn(classes, "underline-offset-4 hover:underline", col.key === focus && "bg-accent")}
            aria-current={col.key === focus ? "date" : undefined}
            title={col.label}
          >
            {col.label}
          </Link>
        ) : (
          <p key={col.key} className={classes} title={col.label}>
            {col.label}
          </p>
        );
      })}
    </div>
  );
}
