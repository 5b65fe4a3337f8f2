import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { cn } from "~/lib/utils";

/** One titled region of the client space (a card reachable by its anchor). */
export function Section({
  id,
  title,
  description,
  children,
  footer,
  className,
}: {
  id: string;
  title: string;
  description?: string;
  children: React.ReactNode;
  footer?: React.ReactNode;
  className?: string;
}) {
  return (
    <Card aria-labelledby={`${id}-title`} role="region" id={id} className={cn("scroll-mt-24", className)}>
      <CardHeader>
        <CardTitle as="h2" id={`${id}-title`}>
          {title}
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
      {footer ? <CardFooter className="flex-wrap">{footer}</CardFooter> : null}
    </Card>
  );
}
