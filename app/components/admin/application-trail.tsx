import { formatDateTime } from "~/domain/time/format-instant";
import type { ApplicationStatus } from "~/domain/admin/transitions";
import { adminMessages } from "~/lib/messages/admin.fr";

const t = adminMessages.applications;

interface Line {
  id: string;
  fromStatus: ApplicationStatus;
  toStatus: ApplicationStatus;
  actorName: string;
  reason: string;
  createdAt: Date | string;
}

/**
 * The application's audit trail (ADR 056): received, then each status change with who made it,
 * when and why. A decision made before the trail existed shows as the last reviewer's.
 */
export function Trail({
  application,
  trail,
}: {
  application: {
    createdAt: Date | string;
    status: ApplicationStatus;
    reviewedAt: Date | string | null;
    reviewerName: string | null;
  };
  trail: Line[];
}) {
  const before =
    trail.length === 0 && application.reviewedAt && application.status !== "submitted" ? application : null;
  return (
    <section aria-labelledby="trail-title" className="grid content-start gap-3 rounded-lg border p-4">
      <h2 id="trail-title" className="font-semibold">
        {t.trail}
      </h2>
      <ol className="grid gap-3 text-sm" data-testid="application-trail">
        <li className="grid gap-0.5 border-l-2 pl-3">
          <span className="font-medium">{t.trailReceived}</span>
          <span className="text-muted-foreground">{formatDateTime(application.createdAt, "medium")}</span>
        </li>
        {trail.map((line) => (
          <li key={line.id} className="grid gap-0.5 border-l-2 border-primary pl-3">
            <span className="font-medium">
              {t.trailMove(t.status[line.fromStatus], t.status[line.toStatus])} · {t.trailBy(line.actorName)}
            </span>
            <span className="text-muted-foreground">{formatDateTime(line.createdAt, "medium")}</span>
            {line.reason ? <span className="break-words whitespace-pre-line">{line.reason}</span> : null}
          </li>
        ))}
        {before?.reviewedAt ? (
          <li className="grid gap-0.5 border-l-2 pl-3">
            <span className="font-medium">
              {t.status[before.status]} · {t.trailBy(before.reviewerName ?? t.trailUnknown)}
            </span>
            <span className="text-muted-foreground">
              {formatDateTime(before.reviewedAt, "medium")} · {t.trailBefore}
            </span>
          </li>
        ) : null}
      </ol>
    </section>
  );
}
