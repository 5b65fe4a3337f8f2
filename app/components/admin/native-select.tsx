import type { ComponentProps } from "react";
import { useFieldControl } from "~/components/ui/field";
import { inputClasses } from "~/components/ui/input";
import { cn } from "~/lib/utils";

/** A native select styled like the inputs: it works before hydration and on every phone. */
export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  const { controlProps } = useFieldControl(props);
  return <select className={cn(inputClasses, "pr-8", className)} {...props} {...controlProps} />;
}
