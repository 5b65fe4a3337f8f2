import { CalendarClock, Pause, Play, Repeat, SkipForward, Square } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";

import { Alert, AlertDescription } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { toast } from "~/components/ui/toast";
import { RECURRENCE_INTERVALS } from "~/domain/booking/recurrence";
import { recurringMessages } from "~/lib/messages/recurring.fr";
import { useHydrated } from "~/lib/use-hydrated";
import type { RecurringCardData, RecurringResult } from "./recurring-types";

const r = recurringMessages;

const toastOf = (result: Extract<RecurringResult, { ok: true }>): string => {
  switch (result.intent) {
    case "recurring-start":
      return r.startedToast;
    case "recurring-skip":
      return r.skippedToast(result.date);
    case "recurring-pause":
      return r.pausedToast;
    case "recurring-resume":
      return r.resumedToast;
    case "recurring-end":
      return r.endedToast;
  }
};

/**
 * « Lavage récurrent » on the manage page (ADR 086): start a series from this booking, or see
 * what comes and skip one date, move a placed one (its own manage page, for the signed-in owner),
 * pause, resume or end. Plain forms: they post without JavaScript too.
 */
export function RecurringCard({
  data,
  token,
  owner,
}: {
  data: RecurringCardData;
  token: string;
  /** Signed in as the booking's owner: the occurrences' own manage pages open. */
  owner: boolean;
}) {
  const fetcher = useFetcher<RecurringResult>({ key: "recurring" });
  const confirm = useConfirm();
  const hydrated = useHydrated();
  const busy = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const told = useRef<RecurringResult | undefined>(undefined);
  useEffect(() => {
    if (!result?.ok || told.current === result) return;
    told.current = result;
    toast({ title: toastOf(result) });
  }, [result]);

  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      {token ? <input type="hidden" name="token" value={token} /> : null}
    </>
  );
  const error =
    result && !result.ok ? (
      <Alert variant="destructive">
        <AlertDescription className="text-foreground">{result.error}</AlertDescription>
      </Alert>
    ) : null;

  if (!data.series) {
    return (
      <Card data-testid="recurring-card" id="lavage-recurrent" className="scroll-mt-20">
        <CardHeader>
          <CardTitle as="h2" className="flex items-center gap-2">
            <Repeat aria-hidden="true" className="size-5" />
            {r.title}
          </CardTitle>
          <CardDescription>{r.intro}</CardDescription>
        </CardHeader>
        <fetcher.Form method="post">
          <CardContent className="grid gap-4">
            {error}
            {hidden("recurring-start")}
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">{r.intervalLabel}</legend>
              <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
                {RECURRENCE_INTERVALS.map((weeks) => (
                  <label
                    key={weeks}
                    className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
                  >
                    <input
                      type="radio"
                      name="intervalWeeks"
                      value={weeks}
                      required
                      className="size-4 accent-primary"
                    />
                    {r.interval(weeks)}
                  </label>
                ))}
              </div>
            </fieldset>
          </CardContent>
          <CardFooter className="mt-4">
            <Button type="submit" disabled={busy} className="w-full sm:w-auto">
              <Repeat aria-hidden="true" />
              {busy ? r.pending : r.start}
            </Button>
          </CardFooter>
        </fetcher.Form>
      </Card>
    );
  }

  const { series } = data;
  async function end(event: React.MouseEvent<HTMLButtonElement>) {
    // Without JavaScript the form posts at once; with it, a confirmation first.
    if (!hydrated) return;
    event.preventDefault();
    await confirm({
      title: r.endTitle,
      description: r.endText,
      confirmText: r.endConfirm,
      cancelText: r.endKeep,
      type: "destructive",
      onConfirm: () =>
        fetcher.submit({ intent: "recurring-end", ...(token ? { token } : {}) }, { method: "post" }),
    });
  }

  return (
    <Card data-testid="recurring-card" id="lavage-recurrent" className="scroll-mt-20">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Repeat aria-hidden="true" className="size-5" />
          {r.title}
        </CardTitle>
        <CardDescription className="flex flex-wrap items-center gap-2">
          <span>{series.rule}</span>
          <Badge variant={series.status === "active" ? "success" : "secondary"}>
            {r.statusBadge(r.status[series.status])}
          </Badge>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {error}
        <h3 className="text-sm font-semibold">{r.upcomingTitle}</h3>
        {series.upcoming.length === 0 ? (
          <p className="text-sm text-muted-foreground">{r.noUpcoming}</p>
        ) : (
          <ul className="grid divide-y rounded-md border" data-testid="recurring-upcoming">
            {series.upcoming.map((o) => {
              const inactive = o.status === "skipped" || o.status === "cancelled" || o.status === "unplaced";
              return (
                <li key={o.date} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                  <div className="min-w-0">
                    <p
                      className={`text-sm font-medium first-letter:uppercase ${inactive ? "line-through opacity-70" : ""}`}
                    >
                      {o.label} · {o.time}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {series.status === "paused" && o.status === "planned"
                        ? r.status.paused
                        : r.occurrence[o.status]}
                    </p>
                    {o.payByLink ? (
                      <p className="text-xs font-medium text-destructive" data-testid="recurring-pay-by-link">
                        {r.payByLink}
                      </p>
                    ) : null}
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {owner && o.bookingId && (o.status === "placed" || o.status === "moved") ? (
                      <Button asChild variant="ghost" size="sm">
                        <Link to={`/booking/manage/${o.bookingId}`} aria-label={r.moveLabel(o.label)}>
                          <CalendarClock aria-hidden="true" />
                          {r.move}
                        </Link>
                      </Button>
                    ) : null}
                    {o.canSkip && series.status !== "ended" ? (
                      <fetcher.Form method="post">
                        {hidden("recurring-skip")}
                        <input type="hidden" name="date" value={o.date} />
                        <Button
                          type="submit"
                          variant="outline"
                          size="sm"
                          disabled={busy}
                          aria-label={r.skipLabel(o.label)}
                        >
                          <SkipForward aria-hidden="true" />
                          {r.skip}
                        </Button>
                      </fetcher.Form>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        <p className="text-xs text-muted-foreground">
          {series.status === "active" ? r.placedHint : r.pauseHint}
        </p>
      </CardContent>
      <CardFooter className="flex flex-col items-stretch gap-3 sm:flex-row sm:flex-wrap">
        <fetcher.Form method="post">
          {hidden(series.status === "paused" ? "recurring-resume" : "recurring-pause")}
          <Button type="submit" variant="outline" disabled={busy} className="w-full sm:w-auto">
            {series.status === "paused" ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
            {series.status === "paused" ? r.resume : r.pause}
          </Button>
        </fetcher.Form>
        <fetcher.Form method="post">
          {hidden("recurring-end")}
          <Button
            type="submit"
            variant="destructive"
            disabled={busy}
            onClick={end}
            className="w-full sm:w-auto"
          >
            <Square aria-hidden="true" />
            {r.end}
          </Button>
        </fetcher.Form>
      </CardFooter>
    </Card>
  );
}
