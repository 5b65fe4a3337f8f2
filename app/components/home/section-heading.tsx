import type { ReactNode } from "react";

import { cn } from "~/lib/utils";

/** The eyebrow, title (h2) and lead paragraph that open each landing section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  className,
}: {
  /** The id of the h2, which names the section (aria-labelledby). */
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("max-w-2xl", className)}>
      <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      {children ? <div className="mt-4 text-lg leading-8 text-muted-foreground">{children}</div> : null}
    </div>
  );
}
