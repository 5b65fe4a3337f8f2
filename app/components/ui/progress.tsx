import type { ComponentProps } from "react";

import { cn } from "~/lib/utils";

const MAX = 100;

/**
 * A bar filled to `value` percent (0-100); give it a name with `aria-label` or `aria-labelledby`.
 * The markup Radix's Progress rendered, without its context and primitive (ADR 054; scripts/bench-measurements.md, tenth pass:
 * 2.4 KB gzipped on the home page): a value out of 0-100 is indeterminate, as there.
 */
export function Progress({ className, value, ...props }: ComponentProps<"div"> & { value?: number | null }) {
  const current = typeof value === "number" && value >= 0 && value <= MAX ? value : null;
  const state = current === null ? "indeterminate" : current === MAX ? "complete" : "loading";
  const percent = Math.min(100, Math.max(0, value ?? 0));
  return (
    <div
      aria-valuemax={MAX}
      aria-valuemin={0}
      aria-valuenow={current ?? undefined}
      aria-valuetext={current === null ? undefined : `${Math.round((current / MAX) * 100)}%`}
      role="progressbar"
      data-state={state}
      data-value={current ?? undefined}
      data-max={MAX}
      className={cn("relative h-2.5 w-full overflow-hidden rounded-full bg-secondary", className)}
      {...props}
    >
      <div
        data-state={state}
        data-value={current ?? undefined}
        data-max={MAX}
        className="h-full w-full flex-1 bg-primary transition-transform duration-300 motion-reduce:transition-none"
        style={{ transform: `translateX(-${100 - percent}%)` }}
      />
    </div>
  );
}
