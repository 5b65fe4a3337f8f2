import { Check, CloudOff } from "lucide-react";
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { useFetcher, useRevalidator } from "react-router";

import { showsKeptCopy } from "~/components/crew/crew-app";
import { Button } from "~/components/ui/button";
import { CREW_STEPS, currentStep, stepsAfter, type CrewStep } from "~/domain/crew/status";
import { formatTime } from "~/domain/time/format-instant";
import { crewMessages } from "~/lib/messages/crew.fr";
import { cn } from "~/lib/utils";
import {
  canQueueStatus,
  flushStatuses,
  queuedStatuses,
  queueStatus,
  STATUS_QUEUE_EVENT,
  type QueuedStatus,
} from "./status-queue.client";

const t = crewMessages.status;
/** While taps wait on the phone, the queue tries again this often (and at once when online). */
const RETRY_MS = 15_000;
/** Columns of the later steps' row, by how many there are. */
const COLUMNS = ["grid-cols-1", "grid-cols-1", "grid-cols-2", "grid-cols-3"];

/** What the crew's status action answers (ADR 078). */
export type CrewStatusActionData =
  | {
      ok: true;
      appointmentId: string;
      status: CrewStep;
      recorded: boolean;
      expectedArrivalAt: string | Date | null;
      lateNext: { customerName: string; expectedArrivalAt: string | Date } | null;
    }
  | { ok: false; appointmentId: string; error: string };

interface Step {
  status: CrewStep;
  at: string | Date;
  expectedArrivalAt: string | Date | null;
}

/**
 * The stop's steps so far and one large button per step ahead (the next one first and filled).
 * A plain form post without JavaScript; with it, a fetcher that shows the tap at once, and the
 * phone's position sent with « En route » when the crew lets the browser share it.
 */
export function StatusButtons({
  appointmentId,
  customerName,
  completed,
  steps,
  answer,
  action,
}: {
  appointmentId: string;
  customerName: string;
  completed: boolean;
  steps: Step[];
  /** The action's answer of a no-JavaScript post, when it was about this stop. */
  answer?: CrewStatusActionData;
  /** Where the taps post (default: the current page); the stop page posts to /crew (ADR 088). */
  action?: string;
}) {
  const fetcher = useFetcher<CrewStatusActionData>();
  const revalidator = useRevalidator();
  const [locating, setLocating] = useState<CrewStep | null>(null);
  // Taps made offline, kept on the phone until the network is back (ADR 088).
  const [queued, setQueued] = useState<QueuedStatus[]>([]);
  const [queueMessage, setQueueMessage] = useState<string | null>(null);
  const pending = (fetcher.formData?.get("status") as CrewStep | null) ?? locating;
  const recorded = steps.map((s) => s.status);
  const waiting = queued.map((q) => q.status).filter((step) => !recorded.includes(step));
  const shown = [...recorded, ...waiting, ...(pending && !recorded.includes(pending) ? [pending] : [])];
  const current = currentStep(shown);
  const ahead = completed ? [] : stepsAfter(current);
  const result = fetcher.data ?? answer;

  const refresh = useCallback(async () => {
    if (!canQueueStatus()) return;
    const all = await queuedStatuses().catch(() => []);
    setQueued(all.filter((q) => q.appointmentId === appointmentId));
  }, [appointmentId]);

  const flush = useCallback(async () => {
    // A kept copy is loaded again once the server answers; the fresh page sends and says so.
    if (!canQueueStatus() || !navigator.onLine || showsKeptCopy()) return;
    const outcomes = (await flushStatuses().catch(() => [])).filter(
      (o) => o.tap.appointmentId === appointmentId,
    );
    if (outcomes.length === 0) return;
    const refused = outcomes.find((o) => o.kind === "refused");
    setQueueMessage(refused?.kind === "refused" ? refused.error || t.error : t.queuedSent);
    void revalidator.revalidate();
  }, [appointmentId, revalidator]);

  useEffect(() => {
    const first = window.setTimeout(() => void refresh().then(flush), 0);
    const onChange = () => void refresh();
    const online = () => void flush();
    window.addEventListener(STATUS_QUEUE_EVENT, onChange);
    window.addEventListener("online", online);
    return () => {
      window.clearTimeout(first);
      window.removeEventListener(STATUS_QUEUE_EVENT, onChange);
      window.removeEventListener("online", online);
    };
  }, [refresh, flush]);

  useEffect(() => {
    if (queued.length === 0) return;
    const timer = window.setInterval(() => void flush(), RETRY_MS);
    return () => window.clearInterval(timer);
  }, [queued.length, flush]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    if (typeof navigator !== "undefined" && !navigator.onLine) {
      // Offline: the tap waits on the phone with the time it was made, and goes when online.
      event.preventDefault();
      setQueueMessage(null);
      if (!canQueueStatus()) {
        setQueueMessage(t.noQueue);
        return;
      }
      void queueStatus(appointmentId, form.get("status") as CrewStep).catch(() => setQueueMessage(t.noQueue));
      return;
    }
    if (form.get("status") !== "en_route" || typeof navigator === "undefined" || !navigator.geolocation)
      return;
    // « En route »: the position, when the crew allows it, makes the arrival time right.
    event.preventDefault();
    setLocating("en_route");
    const send = () => {
      setLocating(null);
      void fetcher.submit(form, { method: "post", ...(action ? { action } : {}) });
    };
    navigator.geolocation.getCurrentPosition(
      (position) => {
        form.set("lat", String(position.coords.latitude));
        form.set("lon", String(position.coords.longitude));
        send();
      },
      send,
      { timeout: 8000, maximumAge: 60_000 },
    );
  };

  return (
    <section aria-label={`${t.title} : ${customerName}`} className="grid gap-2 border-t pt-3">
      {steps.length > 0 || pending || waiting.length > 0 ? (
        <ol className="grid gap-1 text-sm" data-testid="crew-steps">
          {CREW_STEPS.filter((step) => shown.includes(step)).map((step) => {
            const done = steps.find((s) => s.status === step);
            const kept = !done && waiting.includes(step);
            return (
              <li
                key={step}
                className="flex flex-wrap items-center gap-x-2"
                data-queued={kept ? "true" : undefined}
              >
                {kept ? (
                  <CloudOff aria-hidden="true" className="size-4 text-muted-foreground" />
                ) : (
                  <Check aria-hidden="true" className="size-4 text-primary" />
                )}
                <span className="font-medium">
                  {done
                    ? t.done(t.steps[step], formatTime(done.at))
                    : `${t.steps[step]} · ${kept ? t.queued : t.sending}`}
                </span>
                {done?.expectedArrivalAt ? (
                  <span className="text-muted-foreground">{t.eta(formatTime(done.expectedArrivalAt))}</span>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : null}
      {ahead.length > 0 ? (
        // The next step fills the first row; the later ones (a forgotten tap) share the second.
        <div className={cn("grid gap-2", COLUMNS[ahead.length - 1])}>
          {ahead.map((step, i) => (
            <fetcher.Form
              method="post"
              action={action}
              key={step}
              onSubmit={onSubmit}
              className={i === 0 ? "col-span-full" : undefined}
            >
              <input type="hidden" name="appointmentId" value={appointmentId} />
              <input type="hidden" name="status" value={step} />
              <Button
                type="submit"
                size="lg"
                variant={i === 0 ? "default" : "outline"}
                className="min-h-14 w-full text-base"
                aria-label={t.mark(t.steps[step], customerName)}
                disabled={pending !== null}
              >
                {t.steps[step]}
              </Button>
            </fetcher.Form>
          ))}
        </div>
      ) : null}
      {waiting.length > 0 ? (
        <p
          className="rounded-md border border-dashed px-3 py-2 text-sm font-medium"
          data-testid="crew-status-queued"
        >
          {t.queuedNote(waiting.length)}
        </p>
      ) : null}
      <p aria-live="polite" className="text-sm empty:hidden" data-testid="crew-status-message">
        {queueMessage && !pending
          ? queueMessage
          : result && result.appointmentId === appointmentId && !pending
            ? result.ok
              ? [
                  result.recorded ? t.saved(t.steps[result.status]) : t.unchanged,
                  result.lateNext
                    ? t.lateNext(result.lateNext.customerName, formatTime(result.lateNext.expectedArrivalAt))
                    : null,
                ]
                  .filter(Boolean)
                  .join(" ")
              : result.error
            : null}
      </p>
    </section>
  );
}
