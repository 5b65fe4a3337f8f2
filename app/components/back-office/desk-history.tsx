import { type DeskBookingData } from "~/domain/booking/desk-schemas";
import { formatDateTime, formatTime } from "~/domain/time/format-instant";
import { messages } from "~/lib/messages.fr";
import { backOfficeMessages } from "~/lib/messages/back-office.fr";
import { crewMessages } from "~/lib/messages/crew.fr";

// The booking desk's record of a booking (ADR 052): the messages sent, the crew's steps and the
// changes made, by whom.

const d = backOfficeMessages.desk;

/** The crew's steps at the stop (ADR 078): « En route » with the arrival told, then « Arrivé », … */
function CrewSteps({ steps }: { steps: NonNullable<DeskBookingData["crewSteps"]> }) {
  if (steps.length === 0) return null;
  const c = crewMessages;
  return (
    <ol className="grid gap-2 text-sm" aria-label={c.schedule.historyTitle} data-testid="crew-history">
      {steps.map((step) => (
        <li key={step.status} className="grid gap-0.5 border-l-2 border-primary pl-3">
          <span className="font-medium">
            {c.schedule.historyItem(c.status.steps[step.status], step.byName)}
          </span>
          <span className="text-muted-foreground">
            {formatDateTime(step.at, "short")}
            {step.expectedArrivalAt ? ` · ${c.schedule.eta(formatTime(step.expectedArrivalAt))}` : ""}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Who had the booking and who has it now, for a schedule's reassignment (ADR 056). */
function ReassignedMembers({ change }: { change: { action: string; details?: unknown } }) {
  if (change.action !== "reassigned") return null;
  const details = change.details as {
    from?: { memberName?: string | null };
    to?: { memberName?: string | null };
  };
  const from = details.from?.memberName ?? d.noMember;
  const to = details.to?.memberName ?? d.noMember;
  return <span className="break-words">{d.reassignedTo(from, to)}</span>;
}

/** The messages sent about the booking, and its history: the crew's steps and every change. */
export function DeskMessagesAndHistory({ id, booking }: { id: string; booking: DeskBookingData }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section className="grid content-start gap-3 rounded-lg border p-4" aria-labelledby={`${id}-messages`}>
        <h2 id={`${id}-messages`} className="font-semibold">
          {d.messages}
        </h2>
        {booking.messages.length === 0 ? (
          <p className="text-sm text-muted-foreground">{d.noMessages}</p>
        ) : (
          <ol className="grid gap-2 text-sm">
            {booking.messages.map((m, i) => (
              <li key={i} className="grid gap-0.5 border-l-2 pl-3">
                <span className="font-medium">
                  {m.channel === "sms"
                    ? d.sms(m.kind as "inbound" | "outbound")
                    : (d.messageKinds[m.kind] ?? d.messageKinds.other)}
                </span>
                <span className="text-muted-foreground">
                  {formatDateTime(m.at, "short")} · {d.messageStatus[m.status] ?? m.status}
                </span>
                {m.body ? <span className="break-words">{m.body}</span> : null}
              </li>
            ))}
          </ol>
        )}
      </section>
      <section className="grid content-start gap-3 rounded-lg border p-4" aria-labelledby={`${id}-history`}>
        <h2 id={`${id}-history`} className="font-semibold">
          {d.history}
        </h2>
        <CrewSteps steps={booking.crewSteps ?? []} />
        {booking.changes.length === 0 ? (
          booking.crewSteps?.length ? null : (
            <p className="text-sm text-muted-foreground">{d.noHistory}</p>
          )
        ) : (
          <ol className="grid gap-2 text-sm" data-testid="desk-history">
            {booking.changes.map((c) => (
              <li key={c.id} className="grid gap-0.5 border-l-2 pl-3">
                <span className="font-medium">
                  {d.actions[c.action]} ·{" "}
                  {d.by(`${c.actorName} (${messages.labels.roles[c.actorRole as "admin"] ?? c.actorRole})`)}
                </span>
                <span className="text-muted-foreground">{formatDateTime(c.createdAt, "short")}</span>
                <ReassignedMembers change={c} />
                {c.reason ? <span className="break-words">{c.reason}</span> : null}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
