import { cva, type VariantProps } from "class-variance-authority";
import { CircleAlert, CircleCheck, Info } from "lucide-react";
import type { ComponentProps } from "react";

import { cn } from "~/lib/utils";

const alertVariants = cva("flex w-full gap-3 rounded-lg border p-4 text-sm", {
  variants: {
    variant: {
      info: "border-primary/30 bg-primary/5 text-foreground [&>svg]:text-primary",
      success: "border-success/40 bg-success/10 text-foreground [&>svg]:text-success",
      destructive: "border-destructive/40 bg-destructive/10 text-foreground [&>svg]:text-destructive",
    },
  },
  defaultVariants: { variant: "info" },
});

const icons = { info: Info, success: CircleCheck, destructive: CircleAlert };

/**
 * A message block with an icon. Destructive alerts use role="alert" so they are announced;
 * the others are plain content.
 */
export function Alert({
  className,
  variant,
  children,
  ...props
}: ComponentProps<"div"> & VariantProps<typeof alertVariants>) {
  const Icon = icons[variant ?? "info"];
  return (
    <div
      role={variant === "destructive" ? "alert" : undefined}
      className={cn(alertVariants({ variant }), className)}
      {...props}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="grid gap-1">{children}</div>
    </div>
  );
}

export function AlertTitle({ className, ...props }: ComponentProps<"p">) {
  return <p className={cn("leading-tight font-semibold", className)} {...props} />;
}

export function AlertDescription({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("text-muted-foreground", className)} {...props} />;
}
