import { Award } from "lucide-react";
import { useId } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Progress } from "~/components/ui/progress";
import type { LoyaltyLevel } from "~/domain/loyalty/levels";
import { clientMessages } from "~/lib/messages/client.fr";

const t = clientMessages.loyalty;

export interface LoyaltyCardProfile {
  points: number;
  totalEarned: number;
  level: LoyaltyLevel;
  nextGoal: number | null;
  pointsToNextGoal: number;
  percent: number;
}

/** Level name, points available and progress to the next goal (docs/product.md, sections 2 and 4). */
export function LoyaltyCard({ profile }: { profile: LoyaltyCardProfile }) {
  const progressId = useId();
  return (
    <Card className="border-primary/30 bg-gradient-to-br from-primary/10 to-transparent">
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle as="h2">{t.title}</CardTitle>
          <CardDescription>{t.howToEarn}</CardDescription>
        </div>
        <Award aria-hidden="true" className="size-8 shrink-0 text-primary" />
      </CardHeader>
      <CardContent className="grid gap-5">
        <dl className="grid grid-cols-2 gap-4">
          <div>
            <dt className="text-sm text-muted-foreground">{t.level}</dt>
            <dd className="text-2xl font-bold" data-testid="loyalty-level">
              {t.levels[profile.level]}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">{t.pointsAvailable}</dt>
            <dd className="text-2xl font-bold" data-testid="loyalty-points">
              {t.points(profile.points)}
            </dd>
          </div>
        </dl>
        <div className="grid gap-2">
          <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
            <span id={progressId} className="font-medium">
              {profile.nextGoal === null ? t.maxLevel : t.nextGoal(profile.nextGoal)}
            </span>
            <span className="text-muted-foreground">{t.totalEarned(profile.totalEarned)}</span>
          </div>
          <Progress
            value={profile.percent}
            aria-labelledby={progressId}
            aria-valuetext={`${profile.percent} %`}
          />
          <p className="text-sm text-muted-foreground">
            {profile.nextGoal === null ? t.maxLevelText : t.toNextGoal(profile.pointsToNextGoal)}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
