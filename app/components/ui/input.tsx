import type { ComponentProps } from "react";

import { cn } from "~/lib/utils";

import { useFieldControl } from "./field";

export const inputClasses =
  "flex w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm transition-colors placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive md:text-sm";

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  const { controlProps } = useFieldControl(props);
  return (
    <input
      type={type}
      className={cn(
        inputClasses,
        "h-10 file:border-0 file:bg-transparent file:text-sm file:font-medium",
        className,
      )}
      {...props}
      {...controlProps}
    />
  );
}
