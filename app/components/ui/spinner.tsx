import { LoaderCircle } from "lucide-react";
import type { ComponentProps } from "react";

import { messages } from "~/lib/messages.fr";
import { cn } from "~/lib/utils";

type SpinnerProps = ComponentProps<"svg"> & {
  /** Text read by screen readers. Pass `null` when a parent already announces the busy state. */
  label?: string | null;
};

/** Rotating loader icon. Announced as a status unless `label` is null. */
export function Spinner({ label = messages.ui.loading, className, ...props }: SpinnerProps) {
  const icon = (
    <LoaderCircle aria-hidden="true" className={cn("size-4 animate-spin", className)} {...props} />
  );
  if (label === null) return icon;
  return (
    <span role="status" className="inline-flex items-center">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}
