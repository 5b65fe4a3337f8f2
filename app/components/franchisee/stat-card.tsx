import type { LucideIcon } from "lucide-react";
import { Card, CardContent } from "~/components/ui/card";

/** One figure of a dashboard: a label, the value and an optional hint. */
export function StatCard({
  label,
  value,
  hint,
  icon: Icon,
}: {
  label: string;
  value: string;
  hint?: string;
  icon: LucideIcon;
}) {
  return (
    // A container: in a narrow card (five in a row) the icon goes above and the figure shrinks,
    // so that a long label ('Réapprovisionnement du mois') or sum never leaves the card.
    <Card className="@container min-w-0">
      <CardContent className="flex flex-col items-start gap-3 p-4 @[15rem]:flex-row">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <dl className="grid min-w-0 gap-0.5">
          <dt className="text-sm [overflow-wrap:anywhere] hyphens-auto text-muted-foreground">{label}</dt>
          <dd className="text-xl font-bold [overflow-wrap:anywhere] tabular-nums @[13rem]:text-2xl">
            {value}
          </dd>
          {hint ? <dd className="text-xs text-muted-foreground">{hint}</dd> : null}
        </dl>
      </CardContent>
    </Card>
  );
}
