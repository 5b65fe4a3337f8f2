import { ChevronLeft } from "lucide-react";
import { data, Form, Link } from "react-router";

import { Checklist } from "~/components/crew/checklist";
import { PhotoPanel } from "~/components/crew/photo-panel";
import { StatusButtons } from "~/components/crew/status-buttons";
import { ThemeToggle } from "~/components/layout/theme-toggle";
import { Button } from "~/components/ui/button";
import { ChecklistTickSchema, isReportReady } from "~/domain/crew/job-report";
import { z } from "~/lib/zod-fr";
import { hasCode } from "~/lib/errors";
import { formatDate, formatTime } from "~/domain/time/format-instant";
import { jobReportMessages } from "~/lib/messages/job-report.fr";
import { loadCrewStop, tickChecklistStep } from "~/server/services/crew/job-report.server";
import { loadCrewStatuses } from "~/server/services/crew/record-crew-status.server";
import { markShopOrdersDelivered, shopOrdersOfStop } from "~/server/services/shop/shop-orders.server";
import { shopMessages } from "~/lib/messages/shop.fr";
import { notesForStop } from "~/server/services/customers/customer-record.server";
import { customersMessages } from "~/lib/messages/customers.fr";
import type { Route } from "./+types/stop";
import { requireCrew } from "./guard.server";
import { localDate } from "~/domain/time/zoned";

const t = jobReportMessages.stop;
const p = jobReportMessages.photos;

export const meta: Route.MetaFunction = () => [
  { title: t.metaTitle },
  { name: "robots", content: "noindex" },
];

const notFound = () => data(jobReportMessages.admin.notFound, { status: 404 });

/** /crew/stops/{appointmentId}: one of the member's own stops, its checklist and photos (ADR 088). */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const { actor, db } = await requireCrew({ request, url });
  if (!z.uuid().safeParse(params.appointmentId).success) throw notFound();
  try {
    const view = await loadCrewStop(db, { actor, appointmentId: params.appointmentId });
    const steps = (await loadCrewStatuses(db, [view.stop.id])).get(view.stop.id) ?? [];
    // The private notes of the franchisee and head office on this customer (ADR 096).
    const notes = await notesForStop(db, { franchiseeId: actor.franchiseeId, appointmentId: view.stop.id });
    return {
      ...view,
      // The shop's orders to hand over at this wash (ADR 094).
      shopOrders: await shopOrdersOfStop(db, view.stop.id),
      notes,
      // The stop's day in the business time zone (an evening wash is the next day in UTC).
      day: localDate(view.stop.startAt),
      steps: steps.map(({ status, at, expectedArrivalAt }) => ({ status, at, expectedArrivalAt })),
      photoResult: url.searchParams.get("photo"),
    };
  } catch (error) {
    if (hasCode(error, "NOT_FOUND")) throw notFound();
    throw error;
  }
}

/** A tick or untick of a checklist step of the member's own stop. */
export async function action({ request, url, params }: Route.ActionArgs) {
  const { actor, db } = await requireCrew({ request, url });
  const form = Object.fromEntries(await request.formData());
  if (form.intent === "shop-handed") {
    if (!z.uuid().safeParse(params.appointmentId).success) throw notFound();
    try {
      // The member's own stop only (loadCrewStop refuses another's).
      await loadCrewStop(db, { actor, appointmentId: params.appointmentId });
    } catch (error) {
      if (hasCode(error, "NOT_FOUND")) throw notFound();
      throw error;
    }
    await markShopOrdersDelivered(db, params.appointmentId, new Date());
    return { ok: true, handed: true };
  }
  const parsed = ChecklistTickSchema.safeParse(form);
  if (!parsed.success || !z.uuid().safeParse(params.appointmentId).success)
    return data({ ok: false, error: jobReportMessages.checklist.error }, { status: 400 });
  try {
    await tickChecklistStep(db, { actor, appointmentId: params.appointmentId, ...parsed.data });
    return { ok: true };
  } catch (error) {
    if (hasCode(error, "NOT_FOUND"))
      return data({ ok: false, error: jobReportMessages.checklist.error }, { status: 404 });
    if (hasCode(error, "APPOINTMENT_NOT_CHANGEABLE"))
      return data({ ok: false, error: jobReportMessages.checklist.error }, { status: 409 });
    throw error;
  }
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { stop, checklist, photos, readiness, steps, cars, photoResult, day, shopOrders, notes } = loaderData;
  const closed = stop.status !== "scheduled";
  const list = (n: number[]) => n.map((car) => p.car(car)).join(", ");
  const missing = [
    readiness.missingSteps.length > 0 ? t.missingSteps(readiness.missingSteps.length) : null,
    readiness.missingBefore.length > 0
      ? t.missingPhotos(p.kinds.before, list(readiness.missingBefore))
      : null,
    readiness.missingAfter.length > 0 ? t.missingPhotos(p.kinds.after, list(readiness.missingAfter)) : null,
  ].filter(Boolean);
  return (
    <div className="mx-auto grid min-h-dvh w-full max-w-xl content-start gap-4 px-4 py-4">
      <header className="flex items-center justify-between gap-2">
        <Button asChild variant="ghost" size="sm">
          <Link to={`/crew?date=${day}`}>
            <ChevronLeft aria-hidden="true" />
            {t.back}
          </Link>
        </Button>
        <ThemeToggle />
      </header>
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{stop.customerName}</h1>
        <p className="text-sm text-muted-foreground">
          {formatTime(stop.startAt)} · {stop.serviceName} · {t.cars(cars)}
        </p>
        <p className="text-sm">{[stop.address, stop.city].filter(Boolean).join(", ")}</p>
      </div>
      {notes.length > 0 ? (
        <section
          aria-labelledby="stop-notes"
          className="grid gap-2 rounded-lg border border-amber-500/60 bg-amber-500/10 p-4"
          data-testid="stop-notes"
        >
          <h2 id="stop-notes" className="text-sm font-semibold">
            {customersMessages.stopNotes}
          </h2>
          <ul className="grid gap-2">
            {notes.map((note) => (
              <li key={note.id} className="grid gap-0.5">
                <p className="text-sm break-words whitespace-pre-line">{note.body}</p>
                <p className="text-xs text-muted-foreground">
                  {customersMessages.byOn(
                    note.authorName,
                    formatDate(note.editedAt ?? note.createdAt, "medium"),
                  )}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {photoResult === "sent" ? (
        <p role="status" className="text-sm">
          {p.sent}
        </p>
      ) : null}
      {photoResult && photoResult !== "sent" ? (
        <p role="alert" className="text-sm text-destructive">
          {photoResult === "too-many" ? p.tooMany : p.refused}
        </p>
      ) : null}
      {shopOrders.length > 0 ? (
        <section
          aria-labelledby="shop-orders"
          className="grid gap-2 rounded-lg border p-4"
          data-testid="stop-shop"
        >
          <h2 id="shop-orders" className="font-semibold">
            {shopMessages.stop.title}
          </h2>
          <ul className="grid gap-1 text-sm">
            {shopOrders.flatMap((order) =>
              order.lines.map((line) => (
                <li key={`${order.id}-${line.name}`}>
                  {line.quantity} × {line.name}{" "}
                  <span className="text-muted-foreground">({order.number})</span>
                </li>
              )),
            )}
          </ul>
          {shopOrders.every((order) => order.status === "delivered") ? (
            <p className="text-sm font-medium">{shopMessages.stop.handedDone}</p>
          ) : (
            <Form method="post">
              <Button type="submit" name="intent" value="shop-handed" size="sm" variant="outline">
                {shopMessages.stop.handed}
              </Button>
            </Form>
          )}
        </section>
      ) : null}
      <Checklist items={checklist} closed={closed} />
      <PhotoPanel appointmentId={stop.id} cars={cars} photos={photos} closed={closed} />
      <section aria-label={t.metaTitle} className="grid gap-2 rounded-lg border p-4">
        {closed ? (
          <p className="text-sm font-medium">{t.completed}</p>
        ) : isReportReady(readiness) ? (
          <p className="text-sm font-medium" data-testid="report-ready">
            {t.ready}
          </p>
        ) : (
          <ul className="grid gap-1 text-sm text-muted-foreground" data-testid="report-missing">
            {missing.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
        <StatusButtons
          appointmentId={stop.id}
          customerName={stop.customerName}
          completed={stop.status === "completed"}
          steps={steps}
          action="/crew"
        />
      </section>
    </div>
  );
}
