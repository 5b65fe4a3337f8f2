import { Check } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useFetcher } from "react-router";

import { Button } from "~/components/ui/button";
import { CREW_STEPS, currentStep, stepsAfter, type CrewStep } from "~/domain/crew/status";
import { formatTime } from "~/lib/format";
import { crewMessages } from "~/lib/messages/crew.fr";
import { cn } from "~/lib/utils";

const t = crewMessages.status;
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
  const [locating, setLocating] = useState<CrewStep | null>(null);
  const pending = (fetcher.formData?.get("status") as CrewStep | null) ?? locating;
  const recorded = steps.map((s) => s.status);
  const shown = pending && !recorded.includes(pending) ? [...recorded, pending] : recorded;
  const current = currentStep(shown);
  const ahead = completed ? [] : stepsAfter(current);
  const result = fetcher.data ?? answer;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
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
      {steps.length > 0 || pending ? (
        <ol className="grid gap-1 text-sm" data-testid="crew-steps">
          {CREW_STEPS.filter((step) => shown.includes(step)).map((step) => {
            const done = steps.find((s) => s.status === step);
            return (
              <li key={step} className="flex flex-wrap items-center gap-x-2">
                <Check aria-hidden="true" className="size-4 text-primary" />
                <span className="font-medium">
                  {done ? t.done(t.steps[step], formatTime(done.at)) : `${t.steps[step]} · ${t.sending}`}
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
      <p aria-live="polite" className="text-sm empty:hidden" data-testid="crew-status-message">
        {result && result.appointmentId === appointmentId && !pending
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
