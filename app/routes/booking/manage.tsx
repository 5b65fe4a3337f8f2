import { CalendarClock, CalendarX, Phone } from "lucide-react";
import { useEffect, useId, useState, type ReactNode } from "react";
import { data, Link, useFetcher } from "react-router";

import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { toast } from "~/components/ui/toast";
import { CancelSchema, RescheduleSchema } from "~/domain/booking/schemas";
import { BUSINESS } from "~/lib/business";
import { AppError } from "~/lib/errors";
import { formatMoney } from "~/lib/format";
import { messages } from "~/lib/messages.fr";
import { originFrom, seoMeta } from "~/lib/seo";
import { cn } from "~/lib/utils";
import { getSessionUser } from "~/server/auth.server";
import { getDb } from "~/server/db.server";
import { loadManageAccess, type ManageAccess } from "~/server/services/booking/booking-context.server";
import { cancelBooking } from "~/server/services/booking/cancel-booking.server";
import { getAppointment, type AppointmentView } from "~/server/services/booking/get-appointment.server";
import { listOpenSlots, type OpenSlots } from "~/server/services/booking/list-open-slots.server";
import { rescheduleBooking } from "~/server/services/booking/reschedule-booking.server";
import { bookingFailure } from "../api/booking-answers.server";
import type { Route } from "./+types/manage";

const t = messages.manage;

export const meta: Route.MetaFunction = ({ matches, params }) =>
  seoMeta({
    title: t.title,
    description: t.description,
    path: `/booking/manage/${params.bookingId}`,
    origin: originFrom(matches),
    noindex: true,
  });

/**
 * The booking behind a manage link, or of its signed-in owner (ADR 025 addendum). An unknown
 * booking (404) and a wrong token without the owner's session (403) get the same page, with
 * nothing about the booking. Open slots are listed only while a change is allowed.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const db = getDb();
  const now = new Date();
  // Public page: the token opens it; a session only adds the booking's owner (a client).
  const actor = await getSessionUser(request);
  let appointment: AppointmentView;
  let access: ManageAccess | null;
  try {
    access = await loadManageAccess(db, { bookingId: params.bookingId, token, actor });
    if (!access) return data({ valid: false as const }, { status: 403 });
    appointment = await getAppointment(db, {
      bookingId: params.bookingId,
      token: access === "token" ? token : undefined,
      actor: access === "owner" ? actor : null,
      now,
    });
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") {
      return data({ valid: false as const }, { status: 404 });
    }
    throw error;
  }
  const { customer } = appointment;
  if (!customer) return data({ valid: false as const }, { status: 403 });

  let days: OpenSlots["days"] = [];
  if (appointment.selfServiceChangeAllowed) {
    try {
      const open = await listOpenSlots(db, { zoneSlug: appointment.zone.slug, cars: appointment.cars, now });
      days = open.days
        .map((day) => ({ ...day, slots: day.slots.filter((slot) => slot.start !== appointment.start) }))
        .filter((day) => day.slots.length > 0);
    } catch (error) {
      // A zone that stopped taking bookings has no slots to offer: the page says to call.
      if (!(error instanceof AppError)) throw error;
    }
  }
  // The owner's forms carry no token (a wrong one in the address is not echoed back).
  return {
    valid: true as const,
    token: access === "token" ? token : "",
    appointment: { ...appointment, customer },
    days,
  };
}

type ActionResult =
  | { ok: true; intent: "cancel" }
  | { ok: true; intent: "reschedule"; start: string }
  | { ok: false; error: string };

/**
 * Cancel or reschedule: the services re-check the token or the owner, the status and the 24 h
 * rule. The signed-in owner's forms carry no token.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const actor = await getSessionUser(request);
  // Without a token, only a session can still be the owner: the service decides.
  const tokenless = actor !== null && (form.token === undefined || form.token === "");
  const now = new Date();
  const db = getDb();
  const fail = (error: unknown) => {
    const failure = bookingFailure(error, {
      requestId: context.requestId,
      notFound: messages.booking.appointmentNotFound,
    });
    return data<ActionResult>({ ok: false, error: failure.message }, { status: failure.status });
  };

  if (form.intent === "cancel") {
    const parsed = tokenless
      ? CancelSchema.omit({ token: true }).safeParse(form)
      : CancelSchema.safeParse(form);
    if (!parsed.success) return data<ActionResult>({ ok: false, error: t.invalidLink }, { status: 400 });
    try {
      await cancelBooking(db, { bookingId: params.bookingId, input: parsed.data, now, actor });
      return data<ActionResult>({ ok: true, intent: "cancel" });
    } catch (error) {
      return fail(error);
    }
  }
  if (form.intent === "reschedule") {
    const parsed = tokenless
      ? RescheduleSchema.omit({ token: true }).safeParse(form)
      : RescheduleSchema.safeParse(form);
    if (!parsed.success) {
      const error = parsed.error.issues.some((issue) => issue.path[0] === "start")
        ? t.slotRequired
        : t.invalidLink;
      return data<ActionResult>({ ok: false, error }, { status: 400 });
    }
    try {
      const moved = await rescheduleBooking(db, {
        bookingId: params.bookingId,
        input: parsed.data,
        now,
        actor,
      });
      return data<ActionResult>({ ok: true, intent: "reschedule", start: moved.startAt.toISOString() });
    } catch (error) {
      return fail(error);
    }
  }
  return data<ActionResult>({ ok: false, error: messages.booking.invalidRequest }, { status: 400 });
}

const dateTimeFormat = new Intl.DateTimeFormat("fr-CA", {
  timeZone: BUSINESS.timeZone,
  dateStyle: "full",
  timeStyle: "short",
});
const timeFormat = new Intl.DateTimeFormat("fr-CA", { timeZone: BUSINESS.timeZone, timeStyle: "short" });
const dayFormat = new Intl.DateTimeFormat("fr-CA", {
  timeZone: "UTC",
  weekday: "short",
  day: "numeric",
  month: "short",
});

/** '2026-03-09T09:00:00-04:00' -> 'lundi 9 mars 2026 à 09 h 00' (business time zone). */
function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

function formatTime(iso: string): string {
  return timeFormat.format(new Date(iso));
}

/** A local calendar day 'yyyy-MM-dd' -> 'lun. 9 mars'. */
function formatDay(date: string): string {
  return dayFormat.format(new Date(`${date}T12:00:00Z`));
}

type ManageFetcher = ReturnType<typeof useFetcher<ActionResult>>;

export default function ManageBookingPage({ loaderData }: Route.ComponentProps) {
  // The fetcher lives here: a cancel unmounts the change card while its answer is still to show.
  const fetcher = useFetcher<ActionResult>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!result?.ok) return;
    toast({
      title: result.intent === "cancel" ? t.cancelled : t.rescheduled(formatDateTime(result.start)),
    });
  }, [result]);

  if (!loaderData.valid) return <InvalidLink />;
  const { appointment, token, days } = loaderData;
  return (
    <section className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-10 sm:py-14">
      <header className="grid gap-2">
        <p className="text-sm font-medium text-muted-foreground">{t.bookingNumber(appointment.bookingId)}</p>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t.title}</h1>
      </header>
      <BookingDetails appointment={appointment} />
      {appointment.selfServiceChangeAllowed ? (
        <ChangeBooking
          fetcher={fetcher}
          token={token}
          deadline={appointment.selfServiceDeadline}
          days={days}
        />
      ) : (
        <CallUs scheduled={appointment.status === "scheduled"} />
      )}
    </section>
  );
}

function InvalidLink() {
  return (
    <section className="mx-auto grid w-full max-w-xl gap-6 px-4 py-16 text-center">
      <span className="mx-auto grid size-14 place-items-center rounded-full bg-destructive/10 text-destructive">
        <CalendarX aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t.invalidLink}</h1>
      <p className="text-muted-foreground">{t.invalidLinkText}</p>
      <div className="flex flex-col justify-center gap-3 sm:flex-row">
        <Button asChild size="lg">
          <a href={`tel:${BUSINESS.phoneHref}`}>
            <Phone aria-hidden="true" />
            {t.call(BUSINESS.phone)}
          </a>
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link to="/">{t.home}</Link>
        </Button>
      </div>
    </section>
  );
}

const STATUS_BADGE = {
  scheduled: "default",
  completed: "success",
  cancelled: "destructive",
  no_show: "secondary",
} as const satisfies Record<
  ManagedAppointment["status"],
  "default" | "success" | "destructive" | "secondary"
>;

type ManagedAppointment = Extract<Route.ComponentProps["loaderData"], { valid: true }>["appointment"];

function BookingDetails({ appointment }: { appointment: ManagedAppointment }) {
  const { customer, price } = appointment;
  const { postalCode } = customer;
  const address =
    postalCode && !customer.address.toUpperCase().includes(postalCode.toUpperCase())
      ? `${customer.address}, ${postalCode}`
      : customer.address;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle as="h2">{appointment.service.name}</CardTitle>
          <CardDescription>{customer.name}</CardDescription>
        </div>
        <Badge variant={STATUS_BADGE[appointment.status]}>
          <span className="sr-only">{t.statusLabel} : </span>
          {t.status[appointment.status]}
        </Badge>
      </CardHeader>
      <CardContent className="grid gap-6">
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <Detail label={t.date} className="sm:col-span-2">
            <span className="block font-medium first-letter:uppercase" data-testid="manage-start">
              {t.timeRange(formatDateTime(appointment.start), formatTime(appointment.end))}
            </span>
          </Detail>
          <Detail label={t.address}>{address}</Detail>
          <Detail label={t.zone}>{appointment.zone.name}</Detail>
          <Detail label={t.carsLabel}>{t.cars(appointment.cars)}</Detail>
          <Detail label={t.extras}>
            {appointment.upsells.length > 0 ? appointment.upsells.map((u) => u.name).join(", ") : t.noExtras}
          </Detail>
        </dl>
        <div className="grid gap-2 border-t pt-4 text-sm">
          <h3 className="font-semibold">{t.priceTitle}</h3>
          <dl className="grid gap-1.5">
            <PriceLine label={t.subtotal} cents={price.subtotalCents} />
            <PriceLine label={t.tps} cents={price.tpsCents} muted />
            <PriceLine label={t.tvq} cents={price.tvqCents} muted />
            <PriceLine
              label={t.total}
              cents={price.totalCents}
              className="border-t pt-2 text-base font-semibold"
            />
          </dl>
        </div>
      </CardContent>
    </Card>
  );
}

function Detail({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn("grid gap-0.5", className)}>
      <dt className="text-muted-foreground">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function PriceLine({
  label,
  cents,
  className,
  muted = false,
}: {
  label: string;
  cents: number;
  className?: string;
  muted?: boolean;
}) {
  return (
    <div className={cn("flex justify-between gap-4", muted && "text-muted-foreground", className)}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{formatMoney(cents)}</dd>
    </div>
  );
}

function CallUs({ scheduled }: { scheduled: boolean }) {
  return (
    <Alert>
      <AlertTitle>{t.callTitle}</AlertTitle>
      <AlertDescription className="grid gap-3">
        <p>{scheduled ? t.callText(BUSINESS.phone) : t.closedText(BUSINESS.phone)}</p>
        <div className="flex flex-wrap gap-3">
          <Button asChild>
            <a href={`tel:${BUSINESS.phoneHref}`}>
              <Phone aria-hidden="true" />
              {t.call(BUSINESS.phone)}
            </a>
          </Button>
          {scheduled ? null : (
            <Button asChild variant="outline">
              <Link to="/booking">{t.newBooking}</Link>
            </Button>
          )}
        </div>
      </AlertDescription>
    </Alert>
  );
}

function ChangeBooking({
  fetcher,
  token,
  deadline,
  days,
}: {
  fetcher: ManageFetcher;
  token: string;
  deadline: string;
  days: OpenSlots["days"];
}) {
  const confirm = useConfirm();
  // The picker remembers the answer it was opened after: a newer success closes it.
  const [picker, setPicker] = useState<{ openedAfter: ActionResult | undefined } | null>(null);
  const busy = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const rescheduling = picker !== null && !(result?.ok && result !== picker.openedAfter);
  const setRescheduling = (open: boolean) => setPicker(open ? { openedAfter: fetcher.data } : null);

  async function cancel() {
    await confirm({
      title: t.cancelTitle,
      description: t.cancelText,
      confirmText: t.cancelConfirm,
      cancelText: t.cancelKeep,
      type: "destructive",
      onConfirm: () => fetcher.submit({ intent: "cancel", token }, { method: "post" }),
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t.changeTitle}</CardTitle>
        <CardDescription>{t.deadline(formatDateTime(deadline))}</CardDescription>
      </CardHeader>
      {result && !result.ok ? (
        <CardContent>
          <Alert variant="destructive">
            <AlertDescription className="text-foreground">{result.error}</AlertDescription>
          </Alert>
        </CardContent>
      ) : null}
      {rescheduling ? (
        <CardContent>
          <SlotPicker fetcher={fetcher} token={token} days={days} onClose={() => setRescheduling(false)} />
        </CardContent>
      ) : null}
      <CardFooter className="flex-col items-stretch gap-3 sm:flex-row">
        {rescheduling ? null : (
          <Button variant="outline" onClick={() => setRescheduling(true)} disabled={busy}>
            <CalendarClock aria-hidden="true" />
            {t.reschedule}
          </Button>
        )}
        <Button variant="destructive" onClick={() => void cancel()} disabled={busy}>
          <CalendarX aria-hidden="true" />
          {t.cancel}
        </Button>
      </CardFooter>
    </Card>
  );
}

function SlotPicker({
  fetcher,
  token,
  days,
  onClose,
}: {
  fetcher: ManageFetcher;
  token: string;
  days: OpenSlots["days"];
  onClose: () => void;
}) {
  const id = useId();
  const [day, setDay] = useState(days[0]?.date ?? "");
  const slots = days.find((d) => d.date === day)?.slots ?? [];
  const submitting = fetcher.state !== "idle" && fetcher.formData?.get("intent") === "reschedule";

  if (days.length === 0) {
    return (
      <Alert>
        <AlertDescription className="text-foreground">
          {t.noSlots}{" "}
          <a
            className="font-medium text-primary underline underline-offset-4"
            href={`tel:${BUSINESS.phoneHref}`}
          >
            {BUSINESS.phone}
          </a>
        </AlertDescription>
      </Alert>
    );
  }

  return (
    <fetcher.Form method="post" className="grid min-w-0 gap-5">
      <input type="hidden" name="intent" value="reschedule" />
      <input type="hidden" name="token" value={token} />
      <fieldset className="grid min-w-0 gap-2">
        <legend className="mb-2 text-sm font-semibold">{t.rescheduleDay}</legend>
        <div className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-2">
          {days.map((d) => (
            <ChoiceChip
              key={d.date}
              name={`${id}-day`}
              value={d.date}
              checked={d.date === day}
              onChange={() => setDay(d.date)}
              label={formatDay(d.date)}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="grid min-w-0 gap-2">
        <legend className="mb-2 text-sm font-semibold">{t.rescheduleLegend}</legend>
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {slots.map((slot) => (
            <ChoiceChip
              key={slot.start}
              name="start"
              value={slot.start}
              required
              label={formatTime(slot.start)}
              ariaLabel={formatDateTime(slot.start)}
            />
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="submit" loading={submitting}>
          {t.rescheduleSubmit}
        </Button>
        <Button type="button" variant="ghost" onClick={onClose}>
          {t.rescheduleClose}
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** A radio button drawn as a chip; the native input keeps keyboard and form behaviour. */
function ChoiceChip({
  name,
  value,
  label,
  ariaLabel,
  checked,
  onChange,
  required,
}: {
  name: string;
  value: string;
  label: string;
  ariaLabel?: string;
  checked?: boolean;
  onChange?: () => void;
  required?: boolean;
}) {
  return (
    <label className="relative shrink-0">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        required={required}
        aria-label={ariaLabel}
        className="peer sr-only"
      />
      <span className="flex h-10 cursor-pointer items-center justify-center rounded-md border border-input bg-background px-3 text-sm whitespace-nowrap transition-colors peer-checked:border-primary peer-checked:bg-primary peer-checked:text-primary-foreground peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring hover:bg-accent peer-checked:hover:bg-primary/90">
        {label}
      </span>
    </label>
  );
}
