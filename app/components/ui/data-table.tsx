import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

/**
 * A wide table that scrolls sideways on a phone; focusable and named so that keyboard users can
 * scroll it too (axe: scrollable-region-focusable). Its content never widens the page: the box
 * takes the width it is given and its own width ignores the table's (`contain: inline-size`),
 * so a grid or flex layout around it does not grow to the table's width (ADR 047).
 */
export function TableScroller({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn(
        "relative overflow-x-auto [contain:inline-size] focus-visible:outline-2 focus-visible:outline-ring",
        className,
      )}
    >
      {children}
    </div>
  );
}

export interface DataColumn {
  /** The header text (may be a visually hidden span, e.g. for an actions column). */
  label: ReactNode;
  /** Figures are right-aligned. */
  align?: "right";
}

/**
 * A bordered data table in a sideways-scrolling region: one header row from `columns`, the body
 * rows as children (each starting with a `<th scope="row">`), an optional footer row.
 */
export function DataTable({
  label,
  caption,
  captionVisible = false,
  columns,
  footer,
  children,
}: {
  /** Names the scrolling region. */
  label: string;
  /** Names the table itself; screen readers only unless `captionVisible`. */
  caption?: ReactNode;
  captionVisible?: boolean;
  columns: readonly DataColumn[];
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <TableScroller label={label} className="rounded-lg border">
      <table className="w-full text-sm">
        {caption ? (
          <caption className={captionVisible ? "p-3 text-left font-semibold" : "sr-only"}>{caption}</caption>
        ) : null}
        <thead className="bg-muted/50 text-left">
          <tr>
            {columns.map((column, index) => (
              <th
                key={index}
                scope="col"
                className={cn("p-3 font-medium", column.align === "right" && "text-right")}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
        {footer ? <tfoot>{footer}</tfoot> : null}
      </table>
    </TableScroller>
  );
}
