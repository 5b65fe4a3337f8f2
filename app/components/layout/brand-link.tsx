import { Droplets } from "lucide-react";
import { Link } from "react-router";

import { BUSINESS } from "~/lib/business";
import { cn } from "~/lib/utils";

/** The logo mark and name of the business, linking home; shared by the header, menu and footer. */
export function BrandLink({
  className,
  nameClassName,
  onClick,
}: {
  className?: string;
  /** Classes of the name, e.g. to stack it on narrow screens or keep it for screen readers only. */
  nameClassName?: string;
  onClick?: () => void;
}) {
  return (
    <Link
      to="/"
      onClick={onClick}
      className={cn(
        "inline-flex shrink-0 items-center gap-2 rounded-md font-bold tracking-tight text-foreground",
        className,
      )}
    >
      <span className="flex size-9 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-sm">
        <Droplets aria-hidden="true" className="size-5" />
      </span>
      <span className={cn("text-base leading-tight whitespace-nowrap", nameClassName)}>{BUSINESS.name}</span>
    </Link>
  );
}
