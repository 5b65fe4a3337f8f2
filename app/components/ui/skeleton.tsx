import type { ComponentProps } from "react";

import { cn } from "~/lib/utils";

/** Grey placeholder shaped like the content being loaded; hidden from assistive tech. */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      aria-hidden="true"
      className={cn("animate-pulse rounded-md bg-muted motion-reduce:animate-none", className)}
      {...props}
    />
  );
}
