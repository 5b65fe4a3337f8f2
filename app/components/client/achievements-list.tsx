import { Trophy } from "lucide-react";
import { clientMessages } from "~/lib/messages/client.fr";
import { formatDate } from "~/domain/time/format-instant";

const t = clientMessages.achievements;

export interface AchievementItem {
  id: string;
  type: string;
  name: string;
  pointsAwarded: number;
  earnedAt: string;
}

/** The client's latest achievements, most recent first (docs/product.md, section 9: three are shown). */
export function AchievementsList({ items }: { items: AchievementItem[] }) {
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{t.empty}</p>;
  return (
    <ul className="grid gap-3">
      {items.map((item) => (
        <li key={item.id} className="flex items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Trophy aria-hidden="true" className="size-5" />
          </span>
          <div className="grid">
            <span className="font-medium">{item.name}</span>
            <span className="text-sm text-muted-foreground">
              {t.earnedOn(formatDate(item.earnedAt))}
              {item.pointsAwarded > 0 ? ` · ${t.bonus(item.pointsAwarded)}` : null}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
