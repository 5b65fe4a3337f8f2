import {
  ArrowLeft,
  CalendarClock,
  Ban,
  Car,
  Circle,
  CircleCheck,
  ClipboardCheck,
  Search,
} from "lucide-react";
import { useId } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";

import { NativeSelect } from "~/components/admin/native-select";
import { PageHeader } from "~/components/admin/page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import {
  DESK_REASON_MAX,
  type DeskActionData,
  type DeskBookingData,
  type DeskRowView,
} from "~/domain/booking/desk-schemas";
import { formatDateTime, formatMoney, formatTime } from "~/lib/format";
import { messages } from "~/lib/messages.fr";
import { formatPhone } from "~/lib/phone";
import { useHydrated } from "~/lib/use-hydrated";
import { ContactLinks } from "./contact-links";
import { franchiseeMessages } from "~/lib/messages/franchisee.fr";
import { backOfficeMessages } from "~/lib/messages/back-office.fr";
import { crewMessages } from "~/lib/messages/crew.fr";
import { jobReportMessages } from "~/lib/messages/job-report.fr";
import { customersMessages } from "~/lib/messages/customers.fr";

const d = backOfficeMessages.desk;
const statusText = franchiseeMessages.schedule.status;
const STATUS_VARIANT = {
  scheduled: "default",
  completed: "success",
  cancelled: "destructive",
  no_show: "secondary",
} as const;

/** The desk's search: one box and a date, results as a list of links (ADR 052). */
export function DeskSearch({
  q,
  date,
  searched,
  rows,
  basePath,
}: {
  q: string;
  date: string;
  searched: boolean;
  rows: DeskRowView[];
  basePath: string;
}) {
  const id = useId();
  return (
    <div className="grid gap-6">
      <PageHeader title={d.title} description={d.description} />
      <Form
        method="get"
        role="search"
        className="grid gap-3 rounded-lg border p-4 sm:grid-cols-[1fr_auto_auto] sm:items-end"
      >
        <Field label={d.searchLabel} id={`${id}-q`}>
          <Input id={`${id}-q`} name="q" type="search" defaultValue={q} maxLength={200} autoComplete="off" />
        </Field>
        <Field label={d.dateLabel} id={`${id}-date`}>
          <Input id={`${id}-date`} name="date" type="date" defaultValue={date} />
        </Field>
        {/* The fields span two rows (label, control; ADR 047): the button sits on the controls' row. */}
        <Button type="submit" className="sm:col-start-3 sm:row-start-2 sm:self-start">
          <Search aria-hidden="true" />
          {d.search}
        </Button>
      </Form>
      {searched ? (
        <section aria-live="polite" className="grid gap-3">
          <p className="text-sm text-muted-foreground">
            {q || date ? d.results(rows.length) : d.needCriteria}
          </p>
          <ul className="grid gap-2">
            {rows.map((row) => (
              <li key={row.bookingId}>
                <Link
                  to={`${basePath}/${row.bookingId}`}
                  className="grid gap-1 rounded-lg border p-4 hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring sm:grid-cols-[auto_1fr_auto] sm:items-center sm:gap-4"
                >
                  <span className="font-mono text-sm font-semibold">{row.bookingId}</span>
                  <span className="min-w-0">
                    <span className="block font-medium">{row.customerName}</span>
                    <span className="block text-sm break-words text-muted-foreground">
                      {formatPhone(row.customerPhone)} · {row.customerEmail}
                    </span>
                    <span className="block text-sm text-muted-foreground first-letter:uppercase">
                      {formatDateTime(row.startAt)} · {row.zoneName}
                    </span>
                  </span>
                  <Badge variant={STATUS_VARIANT[row.status]} className="justify-self-start">
                    {statusText[row.status]}
                  </Badge>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** One booking whole, with its messages, its history and the three changes (ADR 052). */
export function DeskBookingView({
  booking,
  day,
  slots,
  actionData,
  basePath,
}: {
  booking: DeskBookingData;
  day: string;
  slots: { start: string; end: string }[];
  actionData: DeskActionData | undefined;
  basePath: string;
}) {
  const id = useId();
  const navigation = useNavigation();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const busy = navigation.state === "submitting";
  const a = booking.appointment;
  // A new key after each saved change empties the reason boxes (issue 33, item 9).
  const formKey = `${String(a.startAt)}-${booking.changes.length}`;
  const changeable = a.status === "scheduled";
  const errorOf = (intent: string) => (actionData?.intent === intent ? actionData : undefined);
  const chosenExtras = new Set(booking.extras.map((e) => e.name));
  const address =
    a.postalCode && !a.address.includes(a.postalCode) ? `${a.address} ${a.postalCode}` : a.address;

  return (
    <div className="grid gap-6">
      <Link
        to={basePath}
        className="inline-flex w-fit items-center gap-2 text-sm font-medium text-primary hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {d.backToSearch}
      </Link>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {d.booking} <span className="font-mono">{a.bookingId}</span>
        </h1>
        <Badge variant={STATUS_VARIANT[a.status]}>{statusText[a.status]}</Badge>
      </header>

      <section className="grid gap-4 rounded-lg border p-4" aria-labelledby={`${id}-customer`}>
        <h2 id={`${id}-customer`} className="flex flex-wrap items-baseline gap-x-3 text-lg font-semibold">
          {a.customerName}
          {booking.customerKey ? (
            <Link
              to={`${basePath.replace(/\/bookings$/, "/clients")}/${booking.customerKey}`}
              className="inline-flex min-h-11 items-center text-sm font-medium text-primary hover:underline"
            >
              {customersMessages.openRecord}
            </Link>
          ) : null}
        </h2>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <Item label={d.when}>
            <span className="first-letter:uppercase" data-testid="desk-when">
              {formatDateTime(a.startAt)} – {formatTime(a.endAt)}
            </span>
          </Item>
          <Item label={d.where}>{address}</Item>
          <Item label={d.customer}>
            {formatPhone(a.customerPhone)} · <span className="break-all">{a.customerEmail}</span>
          </Item>
          <Item label={d.zone}>{booking.zoneName}</Item>
          <Item label={d.service}>{booking.serviceName}</Item>
          <Item label={d.cars}>{a.cars}</Item>
          <Item label={d.extras}>
            {booking.extras.length > 0 ? booking.extras.map((e) => e.name).join(", ") : d.noExtras}
          </Item>
          <Item label={d.price}>{formatMoney(a.priceCents)}</Item>
          <Item label={d.member}>{booking.memberName}</Item>
          {a.notes ? <Item label={d.notes}>{a.notes}</Item> : null}
          {a.cancelReason ? (
            <Item label={franchiseeMessages.schedule.cancelReason}>{a.cancelReason}</Item>
          ) : null}
        </dl>
        <ContactLinks
          name={a.customerName}
          phone={a.customerPhone}
          email={a.customerEmail}
          address={address}
        />
      </section>

      <JobReport report={booking.jobReport} cars={a.cars} />

      {changeable ? (
        <div className="grid gap-4 lg:grid-cols-3">
          <section className="grid content-start gap-3 rounded-lg border p-4" aria-labelledby={`${id}-move`}>
            <h2 id={`${id}-move`} className="flex items-center gap-2 font-semibold">
              <CalendarClock aria-hidden="true" className="size-4" />
              {d.rescheduleTitle}
            </h2>
            <Form
              method="get"
              className="flex flex-wrap items-end gap-2"
              preventScrollReset
              onChange={(event) => {
                const form = event.currentTarget;
                if (form.checkValidity()) void submit(form, { preventScrollReset: true, replace: true });
              }}
            >
              <Field label={d.newDate} id={`${id}-day`} className="flex-1">
                <Input id={`${id}-day`} name="day" type="date" defaultValue={day} required />
              </Field>
              {hydrated ? null : (
                <Button type="submit" variant="outline">
                  {d.showTimes}
                </Button>
              )}
            </Form>
            <p
              role="status"
              data-testid="desk-free-times"
              className={slots.length === 0 ? "text-sm font-medium" : "text-sm text-muted-foreground"}
            >
              {slots.length === 0 ? d.noFreeTimes : d.freeTimes(slots.length)}
            </p>
            <Form key={formKey} method="post" className="grid gap-3" preventScrollReset>
              <input type="hidden" name="intent" value="reschedule" />
              <Field
                label={d.newTime}
                id={`${id}-start`}
                error={errorOf("reschedule")?.fieldErrors?.start ?? null}
              >
                <NativeSelect id={`${id}-start`} name="start" required disabled={slots.length === 0}>
                  {slots.length === 0 ? <option value="">{d.noFreeTimes}</option> : null}
                  {slots.map((slot) => (
                    <option key={slot.start} value={slot.start}>
                      {formatTime(slot.start)}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              <ReasonField id={`${id}-reason-move`} error={errorOf("reschedule")?.fieldErrors?.reason} />
              <FormError data={errorOf("reschedule")} />
              <Button type="submit" disabled={busy || slots.length === 0}>
                {d.rescheduleConfirm}
              </Button>
            </Form>
          </section>

          <section
            className="grid content-start gap-3 rounded-lg border p-4"
            aria-labelledby={`${id}-change`}
          >
            <h2 id={`${id}-change`} className="flex items-center gap-2 font-semibold">
              <Car aria-hidden="true" className="size-4" />
              {d.changeTitle}
            </h2>
            <Form key={formKey} method="post" className="grid gap-3" preventScrollReset>
              <input type="hidden" name="intent" value="change" />
              <Field label={d.cars} id={`${id}-cars`}>
                <NativeSelect id={`${id}-cars`} name="cars" defaultValue={String(a.cars)}>
                  {[1, 2, 3].map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              <fieldset className="grid gap-2">
                <legend className="mb-1 text-sm font-medium">{d.extras}</legend>
                {booking.upsellOptions.map((option) => (
                  <label key={option.name} className="flex min-h-11 items-center gap-3 text-sm">
                    <input
                      type="checkbox"
                      name="upsells"
                      value={option.name}
                      defaultChecked={chosenExtras.has(option.name)}
                      className="size-5 accent-primary"
                    />
                    <span className="flex-1">{option.name}</span>
                    <span className="text-muted-foreground">{formatMoney(option.priceCents)}</span>
                  </label>
                ))}
              </fieldset>
              <ReasonField id={`${id}-reason-change`} error={errorOf("change")?.fieldErrors?.reason} />
              <FormError data={errorOf("change")} />
              <Button type="submit" disabled={busy}>
                {d.changeConfirm}
              </Button>
            </Form>
          </section>

          <section
            className="grid content-start gap-3 rounded-lg border p-4"
            aria-labelledby={`${id}-cancel`}
          >
            <h2 id={`${id}-cancel`} className="flex items-center gap-2 font-semibold">
              <Ban aria-hidden="true" className="size-4" />
              {d.cancel}
            </h2>
            <Form key={formKey} method="post" className="grid gap-3" preventScrollReset>
              <input type="hidden" name="intent" value="cancel" />
              <ReasonField id={`${id}-reason-cancel`} error={errorOf("cancel")?.fieldErrors?.reason} />
              <FormError data={errorOf("cancel")} />
              <Button type="submit" variant="destructive" disabled={busy}>
                {d.cancelConfirm}
              </Button>
            </Form>
          </section>
        </div>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-2">
        <section
          className="grid content-start gap-3 rounded-lg border p-4"
          aria-labelledby={`${id}-messages`}
        >
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
    </div>
  );
}

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

/**
 * The stop's checklist as the crew ticked it and their before/after photos per car (ADR 088):
 * thumbnails that open the photo by its signed link. Nothing when the service has no step and no
 * photo was taken.
 */
function JobReport({ report, cars }: { report: DeskBookingData["jobReport"]; cars: number }) {
  const id = useId();
  if (!report || (report.checklist.length === 0 && report.photos.length === 0)) return null;
  const r = jobReportMessages;
  const done = report.checklist.filter((step) => step.ticked).length;
  return (
    <section
      className="grid gap-4 rounded-lg border p-4"
      aria-labelledby={`${id}-report`}
      data-testid="desk-job-report"
    >
      <h2 id={`${id}-report`} className="flex items-center gap-2 font-semibold">
        <ClipboardCheck aria-hidden="true" className="size-4" />
        {d.jobReport}
      </h2>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        {report.checklist.length > 0 ? (
          <div className="grid content-start gap-2">
            <h3 className="text-sm font-medium">
              {r.checklist.title} ·{" "}
              <span className="text-muted-foreground">
                {r.checklist.progress(done, report.checklist.length)}
              </span>
            </h3>
            <ul className="grid gap-1.5 text-sm" data-testid="desk-checklist">
              {report.checklist.map((step) => (
                <li key={step.label} className="flex items-start gap-2" data-ticked={step.ticked}>
                  {step.ticked ? (
                    <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                  ) : (
                    <Circle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                  )}
                  <span className={step.ticked ? undefined : "text-muted-foreground"}>
                    <span className="sr-only">{step.ticked ? "✓ " : "○ "}</span>
                    {step.label}
                    {step.required ? (
                      <span className="text-muted-foreground"> ({r.checklist.required})</span>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="grid content-start gap-3">
          <h3 className="text-sm font-medium">{r.photos.title}</h3>
          {report.photos.length === 0 ? (
            <p className="text-sm text-muted-foreground">{d.noJobPhotos}</p>
          ) : (
            Array.from({ length: cars }, (_, n) => n + 1).map((car) => {
              const mine = report.photos.filter((p) => p.car === car);
              if (mine.length === 0) return null;
              return (
                <div key={car} className="grid gap-2">
                  {cars > 1 ? <h4 className="text-sm text-muted-foreground">{r.photos.car(car)}</h4> : null}
                  <ul className="flex flex-wrap gap-3" data-testid="desk-photos">
                    {mine.map((photo) => {
                      const kind = r.photos.kinds[photo.kind];
                      const alt = r.photos.alt(kind, photo.car);
                      return (
                        <li key={photo.id} className="grid gap-1">
                          <a
                            href={photo.url}
                            target="_blank"
                            rel="noreferrer"
                            aria-label={d.openPhoto(alt)}
                            className="block overflow-hidden rounded-md border focus-visible:outline-2 focus-visible:outline-ring"
                          >
                            <img
                              src={photo.url}
                              alt={alt}
                              width={photo.width}
                              height={photo.height}
                              loading="lazy"
                              className="h-24 w-32 object-cover sm:h-28 sm:w-36"
                            />
                          </a>
                          <span className="text-xs font-medium">{kind}</span>
                        </li>
                      );
                    })}
                  </ul>
                </div>
              );
            })
          )}
        </div>
      </div>
    </section>
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

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

function ReasonField({ id, error }: { id: string; error?: string[] | null }) {
  return (
    <Field label={d.reason} id={id} required error={error ?? null}>
      <Textarea id={id} name="reason" rows={2} required maxLength={DESK_REASON_MAX} />
    </Field>
  );
}

function FormError({ data }: { data: DeskActionData | undefined }) {
  if (!data?.error || data.fieldErrors) return null;
  return (
    <p role="alert" className="text-sm font-medium text-destructive">
      {data.error}
    </p>
  );
}
