import type { ComponentProps } from "react";

import { cn } from "~/lib/utils";

import { useFieldControl } from "./field";
import { inputClasses } from "./input";

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  const { controlProps } = useFieldControl(props);
  return (
    <textarea className={cn(inputClasses, "min-h-24 resize-y", className)} {...props} {...controlProps} />
  );
}
