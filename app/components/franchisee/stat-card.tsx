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
    <Card>
      <CardContent className="flex items-start gap-3 p-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <dl className="grid min-w-0 gap-0.5">
          <dt className="text-sm [overflow-wrap:anywhere] hyphens-auto text-muted-foreground">{label}</dt>
          <dd className="text-2xl font-bold tabular-nums">{value}</dd>
          {hint ? <dd className="text-xs text-muted-foreground">{hint}</dd> : null}
        </dl>
      </CardContent>
    </Card>
  );
}
