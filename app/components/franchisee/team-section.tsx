import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { usualWeek, type WeeklyRange } from "~/domain/franchisee/availability";
import { formatClock, formatList } from "~/lib/format";
import { franchiseeMessages } from "~/lib/messages/franchisee.fr";
import { MemberCard } from "./member-card";
import { MemberForm, type TeamMemberItem } from "./member-form";

const t = franchiseeMessages.team;

/** Team member management and each member's availability (docs/product.md, sections 2 to 5). */
export function TeamSection({ members }: { members: TeamMemberItem[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t.title}</CardTitle>
        <CardDescription>{t.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <section aria-labelledby="team-add-title" className="grid gap-3">
          <h3 id="team-add-title" className="font-semibold">
            {t.addTitle}
          </h3>
          <p className="text-sm text-muted-foreground" data-testid="usual-hours">
            {t.usualHours(describeWeek(usualWeek(members)))}
          </p>
          <MemberForm />
        </section>
        {members.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t.empty}</p>
        ) : (
          <ul className="grid gap-4" aria-label={t.title}>
            {members.map((member) => (
              <MemberCard key={member.id} member={member} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** « lundi, mardi, mercredi, jeudi et vendredi de 9 h à 17 h », days sharing hours told once. */
function describeWeek(week: readonly WeeklyRange[]): string {
  const groups = new Map<string, number[]>();
  for (const range of week) {
    const key = `${range.startTime}-${range.endTime}`;
    groups.set(key, [...(groups.get(key) ?? []), range.dayOfWeek]);
  }
  return [...groups.entries()]
    .map(([key, days]) => {
      const [start, end] = key.split("-") as [string, string];
      const names = [...new Set(days)].map((day) => franchiseeMessages.days[day]!.toLowerCase());
      return t.usualDays(formatList(names), formatClock(start), formatClock(end));
    })
    .join("\u00a0; ");
}
