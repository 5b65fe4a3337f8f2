import type { ComponentProps, MouseEvent } from "react";

import { cn } from "~/lib/utils";

/**
 * A form label. Plain `<label>` with what Radix's Label added (ADR 054; scripts/bench-measurements.md, tenth pass: its
 * primitive was a chunk of its own on /booking): a double click on the label does not select its
 * text, unless it lands on a control inside it.
 */
export function Label({ className, onMouseDown, ...props }: ComponentProps<"label">) {
  return (
    <label
      className={cn(
        "text-sm leading-none font-medium select-none peer-disabled:cursor-not-allowed peer-disabled:opacity-60",
        className,
      )}
      {...props}
      onMouseDown={(event: MouseEvent<HTMLLabelElement>) => {
        if ((event.target as Element).closest("button, input, select, textarea")) return;
        onMouseDown?.(event);
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
      }}
    />
  );
}
