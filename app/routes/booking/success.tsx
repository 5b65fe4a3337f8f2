import { CalendarCheck, CalendarPlus, Check, CreditCard, LoaderCircle, Mail } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { z } from "zod";

import { bookingDay, bookingTime, googleCalendarUrl } from "~/components/booking/booking-time";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Switch } from "~/components/ui/switch";
import { priceBooking } from "~/domain/booking/pricing";
import { newBookingId } from "~/lib/booking-id";
import { BUSINESS } from "~/lib/business";
import { formatMoney } from "~/lib/format";
import { messages } from "~/lib/messages.fr";
import { originFrom, seoMeta } from "~/lib/seo";
import { cn } from "~/lib/utils";
import { getDb } from "~/server/db.server";
import { listUpsellOptions } from "~/server/services/catalog/list-upsell-options.server";
import type { Route } from "./+types/success";

const t = messages.success;

/** Spec section 9: the appointment is polled every 500 ms, 60 times at most. */
const POLL_INTERVAL_MS = 500;
const POLL_ATTEMPTS = 60;
const UPSELL_IMAGE = { width: 480, height: 320 } as const;

export const meta: Route.MetaFunction = ({ matches, params }) =>
  seoMeta({
    title: t.title,
    description: t.description,
    path: `/booking-success/${params.bookingId}`,
    origin: originFrom(matches),
    noindex: true,
  });

/** The active extras; the appointment itself is polled from the browser (it may not exist yet). */
export async function loader() {
  return { upsells: await listUpsellOptions(getDb()) };
}

/** What the wizard leaves in the router state (all optional: an embedded form may lead here too). */
const SuccessStateSchema = z.object({
  cars: z.number().int().optional(),
  citySlug: z.string().optional(),
  manageUrl: z.url().optional(),
});

/** The part of GET /api/appointments/{bookingId} this page uses. */
const AppointmentSchema = z.object({
  bookingId: z.string(),
  status: z.string(),
  start: z.string(),
  end: z.string(),
  zone: z.object({ name: z.string() }),
  service: z.object({ name: z.string() }),
  cars: z.number().int().min(1),
  price: z.object({
    servicesCents: z.number().int().nonnegative(),
    subtotalCents: z.number().int().nonnegative(),
    discountCents: z.number().int().nonnegative().catch(0),
    tpsCents: z.number().int().nonnegative(),
    tvqCents: z.number().int().nonnegative(),
    totalCents: z.number().int().nonnegative(),
  }),
  upsells: z.array(z.object({ name: z.string(), priceCents: z.number().int().nonnegative() })),
  promoCode: z.string().nullable().catch(null),
  customer: z
    .object({ email: z.string(), address: z.string(), postalCode: z.string().nullable() })
    .optional(),
});
type Appointment = z.infer<typeof AppointmentSchema>;

type Lookup = { state: "searching" } | { state: "found"; appointment: Appointment } | { state: "notFound" };

/**
 * Polls the appointment until it exists, POLL_ATTEMPTS times at most; stops on unmount. With the
 * manage token (router state, never the URL) the answer carries the address. `version` reloads it.
 */
function useAppointmentLookup(bookingId: string, token: string | undefined, version: number): Lookup {
  // Tagged with its booking id: another id in the URL starts from 'searching' again.
  const [lookup, setLookup] = useState<{ bookingId: string; result: Lookup } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;

    async function attempt() {
      attempts += 1;
      try {
        const query = token ? `?${new URLSearchParams({ token }).toString()}` : "";
        const response = await fetch(`/api/appointments/${encodeURIComponent(bookingId)}${query}`, {
          headers: { accept: "application/json" },
          signal: controller.signal,
        });
        if (response.ok) {
          const parsed = AppointmentSchema.safeParse(await response.json());
          if (parsed.success) {
            setLookup({ bookingId, result: { state: "found", appointment: parsed.data } });
            return;
          }
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        console.error(error);
      }
      if (attempts >= POLL_ATTEMPTS) setLookup({ bookingId, result: { state: "notFound" } });
      else timer = setTimeout(attempt, POLL_INTERVAL_MS);
    }

    void attempt();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [bookingId, token, version]);
  return lookup?.bookingId === bookingId ? lookup.result : { state: "searching" };
}

/** The manage link's token, from the link the wizard left in the router state. */
function tokenOf(manageUrl: string | undefined): string | undefined {
  if (!manageUrl) return undefined;
  try {
    return new URL(manageUrl).searchParams.get("token") ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * The confirmation that shows the booking (ADR 044): 'Vous êtes réservé', its number, date and
 * time, address, cars, extras and total with taxes, 'Ajouter à mon agenda' (.ics and Google
 * Calendar), the manage link and what happens next; below it, the spec's offer of extras, which
 * updates the booking (with the manage token) and sends an updated confirmation.
 */
export default function BookingSuccessPage({ loaderData, params }: Route.ComponentProps) {
  const { bookingId } = params;
  const location = useLocation();
  const routerState = SuccessStateSchema.safeParse(location.state ?? {});
  const { citySlug, manageUrl } = routerState.success ? routerState.data : {};
  const token = tokenOf(manageUrl);
  const heading = useRef<HTMLHeadingElement>(null);
  const [nextBookingId] = useState(newBookingId);
  const [version, setVersion] = useState(0);

  const lookup = useAppointmentLookup(bookingId, token, version);
  // The customer's switches; an extra left untouched is on when the booking already has it.
  const [toggled, setToggled] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [submitting, setSubmitting] = useState(false);
  const [update, setUpdate] = useState<"done" | "failed" | null>(null);

  const appointment = lookup.state === "found" ? lookup.appointment : null;
  const chosen = new Set(
    loaderData.upsells
      .map((u) => u.name)
      .filter((name) => toggled.get(name) ?? appointment?.upsells.some((u) => u.name === name) ?? false),
  );
  const booked = new Set(appointment?.upsells.map((u) => u.name) ?? []);
  const changed = chosen.size !== booked.size || [...chosen].some((name) => !booked.has(name));

  useEffect(() => {
    window.scrollTo({ top: 0 });
    heading.current?.focus();
  }, []);

  function toggle(name: string, on: boolean) {
    setUpdate(null);
    setToggled((current) => new Map(current).set(name, on));
  }

  async function confirm() {
    setSubmitting(true);
    try {
      const response = await fetch("/api/update-appointment", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({
          booking_id: bookingId,
          upsells: [...chosen],
          city: citySlug || "Unknown",
          ...(token ? { token } : {}),
        }),
      });
      const body = (await response.json()) as { success?: boolean; error?: string };
      if (!body.success) throw new Error(`${response.status} ${body.error ?? ""}`);
      setUpdate("done");
      setToggled(new Map());
      setVersion((v) => v + 1);
    } catch (error) {
      console.error(t.updateFailed, error);
      setUpdate("failed");
    } finally {
      setSubmitting(false);
    }
  }

  const when = appointment ? `${bookingDay(appointment.start)} à ${bookingTime(appointment.start)}` : null;
  const address = appointment?.customer
    ? serviceAddressOf(appointment.customer.address, appointment.customer.postalCode)
    : undefined;

  return (
    <section className="mx-auto grid w-full max-w-3xl gap-8 px-4 py-10 sm:py-14">
      <header className="grid justify-items-center gap-3 text-center">
        <span className="grid size-14 place-items-center rounded-full bg-success/15 text-success">
          <CalendarCheck aria-hidden="true" className="size-7" />
        </span>
        <p className="text-sm font-semibold text-success">{t.confirmedTitle}</p>
        <h1
          ref={heading}
          tabIndex={-1}
          className="text-3xl font-bold tracking-tight outline-none sm:text-4xl"
        >
          {t.bookedTitle}
        </h1>
        <p className="text-sm font-medium text-muted-foreground">{t.bookingNumber(bookingId)}</p>
        {when ? <p className="text-lg">{t.bookedLead(when)}</p> : null}
        {appointment?.customer ? (
          <p className="text-sm text-muted-foreground">{t.emailSent(appointment.customer.email)}</p>
        ) : null}
      </header>

      <p role="status" className="sr-only">
        {lookup.state === "searching" ? t.searching : lookup.state === "notFound" ? t.notFound : ""}
      </p>

      {lookup.state === "notFound" ? (
        <Alert variant="destructive">
          <AlertTitle>{t.notFound}</AlertTitle>
          <AlertDescription>
            {t.notFoundText}{" "}
            <a
              className="font-medium text-primary underline underline-offset-4"
              href={`mailto:${BUSINESS.email}`}
            >
              {BUSINESS.email}
            </a>
          </AlertDescription>
        </Alert>
      ) : null}

      {appointment ? (
        <BookingDetails appointment={appointment} address={address} />
      ) : lookup.state === "searching" ? (
        <Card aria-busy="true">
          <CardContent className="flex items-center gap-3 py-6 text-muted-foreground">
            <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
            {t.searching}
          </CardContent>
        </Card>
      ) : null}

      {appointment && appointment.status === "scheduled" ? (
        <div className="grid gap-3 rounded-lg border p-4 sm:p-6">
          <h2 className="text-lg font-semibold">{t.calendarTitle}</h2>
          <div className="grid gap-3 sm:grid-cols-2">
            {token ? (
              <Button asChild variant="outline">
                <a
                  href={`/api/appointments/${bookingId}/calendar.ics?${new URLSearchParams({ token }).toString()}`}
                  download
                >
                  <CalendarPlus aria-hidden="true" />
                  {t.calendarIcs}
                </a>
              </Button>
            ) : null}
            <Button asChild variant="outline">
              <a
                href={googleCalendarUrl({
                  title: `${BUSINESS.name} : ${appointment.service.name}`,
                  start: appointment.start,
                  end: appointment.end,
                  details: `${t.bookingNumber(bookingId)} · ${t.total} ${formatMoney(appointment.price.totalCents)}`,
                  location: address,
                })}
                target="_blank"
                rel="noopener noreferrer"
              >
                <CalendarPlus aria-hidden="true" />
                {t.calendarGoogle}
              </a>
            </Button>
          </div>
        </div>
      ) : null}

      {manageUrl ? (
        <Alert>
          <AlertDescription className="text-foreground">
            {t.manageText}{" "}
            <a className="font-medium text-primary underline underline-offset-4" href={manageUrl}>
              {t.manageLink}
            </a>
          </AlertDescription>
        </Alert>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle as="h2">{t.nextStepsTitle}</CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="grid gap-4">
            {t.nextSteps.map((step, index) => (
              <li key={step} className="flex gap-3">
                <span
                  aria-hidden="true"
                  className="grid size-7 shrink-0 place-items-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
                >
                  {index + 1}
                </span>
                <span className="pt-0.5">{step}</span>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>

      {token && appointment?.status === "scheduled" && loaderData.upsells.length > 0 ? (
        <section aria-labelledby="add-more-title" className="grid gap-4 border-t pt-8">
          <div className="grid gap-1">
            <h2 id="add-more-title" className="text-2xl font-bold tracking-tight">
              {t.customizeTitle}
            </h2>
            <p className="text-muted-foreground">{t.addMoreText}</p>
          </div>
          <ul aria-label={t.extrasLabel} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {loaderData.upsells.map((option) => (
              <li key={option.id}>
                <UpsellCard
                  option={option}
                  checked={chosen.has(option.name)}
                  onCheckedChange={(on) => toggle(option.name, on)}
                  disabled={submitting}
                />
              </li>
            ))}
          </ul>
          <div className="grid gap-3 sm:max-w-md">
            {changed ? (
              <NewTotal appointment={appointment} options={loaderData.upsells} chosen={chosen} />
            ) : null}
            <Button size="lg" disabled={!changed} loading={submitting} onClick={() => void confirm()}>
              {submitting ? t.submitting : t.updateExtras}
            </Button>
            <div role="status" aria-live="polite">
              {update === "done" ? (
                <p className="text-sm font-medium text-success">{t.extrasUpdated}</p>
              ) : null}
              {update === "failed" ? (
                <p className="text-sm font-medium text-destructive">{t.extrasNotUpdated}</p>
              ) : null}
            </div>
          </div>
        </section>
      ) : null}

      <p className="flex flex-wrap items-center justify-center gap-2 text-center text-sm text-muted-foreground">
        <Mail aria-hidden="true" className="size-4" />
        {t.questions}
        <a
          className="font-medium text-primary underline underline-offset-4"
          href={`mailto:${BUSINESS.email}`}
        >
          {BUSINESS.email}
        </a>
      </p>

      <div className="grid gap-3 sm:grid-cols-2">
        <Button asChild variant="outline" size="lg">
          <Link to="/">{t.home}</Link>
        </Button>
        <Button asChild size="lg">
          <Link to={`/booking/${nextBookingId}`}>{t.newBooking}</Link>
        </Button>
      </div>

      <p className="text-center text-sm">
        <Link
          className="text-muted-foreground underline underline-offset-4 hover:text-foreground"
          to="/terms"
        >
          {t.terms}
        </Link>
      </p>
    </section>
  );
}

/** The address as the e-mails show it: with the postal code when the address lacks it. */
function serviceAddressOf(address: string, postalCode: string | null): string {
  if (!postalCode || address.replace(/\s/g, "").toUpperCase().includes(postalCode.replace(/\s/g, ""))) {
    return address;
  }
  return `${address} ${postalCode}`;
}

/** What was booked, as booked: the same figures as the confirmation e-mail. */
function BookingDetails({ appointment, address }: { appointment: Appointment; address: string | undefined }) {
  const rows: [string, string][] = [
    [t.date, bookingDay(appointment.start)],
    [t.time, `${bookingTime(appointment.start)} à ${bookingTime(appointment.end)}`],
    ...(address ? ([[t.address, address]] as [string, string][]) : []),
    [t.cars, `${messages.serviceArea.cars(appointment.cars)} · ${appointment.zone.name}`],
  ];
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2">{t.detailsTitle}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid gap-2 text-sm" data-testid="booking-details">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="text-right break-words first-letter:uppercase" data-testid={`booking-${label}`}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <dl className="grid gap-2 border-t pt-3 text-sm" aria-live="polite">
          <PriceLine label={t.services(appointment.cars)} cents={appointment.price.servicesCents} />
          {appointment.upsells.length === 0 ? (
            <div className="flex justify-between gap-4">
              <dt>{t.extras}</dt>
              <dd>{t.noExtras}</dd>
            </div>
          ) : (
            appointment.upsells.map((extra) => (
              <PriceLine key={extra.name} label={extra.name} cents={extra.priceCents} />
            ))
          )}
          <PriceLine
            label={t.subtotal}
            cents={appointment.price.subtotalCents}
            className="border-t pt-2 font-medium"
          />
          <DiscountLine
            code={appointment.promoCode}
            cents={appointment.price.discountCents}
            testId="success-discount"
          />
          <PriceLine label={t.tps} cents={appointment.price.tpsCents} muted testId="success-tps" />
          <PriceLine label={t.tvq} cents={appointment.price.tvqCents} muted testId="success-tvq" />
          <PriceLine
            label={t.total}
            cents={appointment.price.totalCents}
            className="border-t pt-2 text-base font-semibold"
            testId="success-total"
          />
        </dl>
        <p className="flex items-start gap-2 rounded-md bg-muted p-3 text-sm">
          <CreditCard aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <span className="font-medium">{t.paymentTitle} : </span>
            {messages.messaging.email.paymentText}
          </span>
        </p>
      </CardContent>
    </Card>
  );
}

type UpsellOption = Route.ComponentProps["loaderData"]["upsells"][number];

function UpsellCard({
  option,
  checked,
  onCheckedChange,
  disabled,
}: {
  option: UpsellOption;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <Card
      className={cn(
        "relative h-full overflow-hidden transition-colors has-[button:focus-visible]:ring-2 has-[button:focus-visible]:ring-ring",
        checked && "border-primary ring-1 ring-primary",
      )}
    >
      {option.image ? (
        <img
          src={option.image}
          alt=""
          width={UPSELL_IMAGE.width}
          height={UPSELL_IMAGE.height}
          loading="lazy"
          decoding="async"
          className="aspect-[3/2] w-full object-cover"
        />
      ) : null}
      <CardHeader className="gap-2">
        <div className="flex items-start justify-between gap-3">
          <CardTitle as="h3">
            {/* The label covers the whole card: a click anywhere toggles the extra. */}
            <label htmlFor={id} className="cursor-pointer after:absolute after:inset-0 after:content-['']">
              {option.name}
            </label>
          </CardTitle>
          {option.isPopular ? <Badge>{t.popular}</Badge> : null}
        </div>
        <CardDescription id={`${id}-description`}>{option.description}</CardDescription>
      </CardHeader>
      <CardContent className="mt-auto flex items-center justify-between gap-3">
        <span className="text-lg font-semibold">{formatMoney(option.priceCents)}</span>
        <span className="flex items-center gap-2">
          {checked ? <Check aria-hidden="true" className="size-4 text-primary" /> : null}
          <Switch
            id={id}
            className="relative z-10"
            checked={checked}
            onCheckedChange={onCheckedChange}
            disabled={disabled}
            aria-label={t.addExtra(option.name)}
            aria-describedby={`${id}-description`}
          />
        </span>
      </CardContent>
    </Card>
  );
}

/** The new total as the chosen extras change: kept extras at their booked price, new ones at today's. */
function NewTotal({
  appointment,
  options,
  chosen,
}: {
  appointment: Appointment;
  options: readonly UpsellOption[];
  chosen: ReadonlySet<string>;
}) {
  const extras = options
    .filter((option) => chosen.has(option.name))
    .map((option) => ({
      name: option.name,
      priceCents: appointment.upsells.find((u) => u.name === option.name)?.priceCents ?? option.priceCents,
    }));
  const price = priceBooking({
    unitPriceCents: Math.round(appointment.price.servicesCents / appointment.cars),
    cars: appointment.cars,
    upsells: extras,
    discountCents: appointment.price.discountCents,
  });
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h3">{t.summaryTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-2 text-sm" aria-live="polite">
          <PriceLine label={t.services(appointment.cars)} cents={price.servicesCents} />
          {extras.map((extra) => (
            <PriceLine key={extra.name} label={extra.name} cents={extra.priceCents} />
          ))}
          <PriceLine label={t.subtotal} cents={price.subtotalCents} className="border-t pt-2 font-medium" />
          <DiscountLine code={appointment.promoCode} cents={price.discountCents} />
          <PriceLine label={t.tps} cents={price.tpsCents} muted />
          <PriceLine label={t.tvq} cents={price.tvqCents} muted />
          <PriceLine
            label={t.total}
            cents={price.totalCents}
            className="border-t pt-2 text-base font-semibold"
            testId="success-new-total"
          />
        </dl>
      </CardContent>
    </Card>
  );
}

/** The promo code's discount (ADR 050), before the taxes; nothing without one. */
function DiscountLine({ code, cents, testId }: { code: string | null; cents: number; testId?: string }) {
  if (cents <= 0) return null;
  return (
    <div className="flex justify-between gap-4">
      <dt>{code ? messages.offers.promo.discountLine(code) : messages.messaging.email.labels.discount}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        -{formatMoney(cents)}
      </dd>
    </div>
  );
}

function PriceLine({
  label,
  cents,
  className,
  muted = false,
  testId,
}: {
  label: string;
  cents: number;
  className?: string;
  muted?: boolean;
  testId?: string;
}) {
  return (
    <div className={cn("flex justify-between gap-4", muted && "text-muted-foreground", className)}>
      <dt>{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {formatMoney(cents)}
      </dd>
    </div>
  );
}
