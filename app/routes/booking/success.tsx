import { CalendarCheck, Check, Mail } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { z } from "zod";

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
  cars: z.number().int().min(1),
  price: z.object({ servicesCents: z.number().int().nonnegative() }),
  upsells: z.array(z.object({ name: z.string(), priceCents: z.number().int().nonnegative() })),
});
type Appointment = z.infer<typeof AppointmentSchema>;

type Lookup = { state: "searching" } | { state: "found"; appointment: Appointment } | { state: "notFound" };

/** Polls the appointment until it exists, POLL_ATTEMPTS times at most; stops on unmount. */
function useAppointmentLookup(bookingId: string): Lookup {
  // Tagged with its booking id: another id in the URL starts from 'searching' again.
  const [lookup, setLookup] = useState<{ bookingId: string; result: Lookup } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;

    async function attempt() {
      attempts += 1;
      try {
        const response = await fetch(`/api/appointments/${encodeURIComponent(bookingId)}`, {
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
  }, [bookingId]);
  return lookup?.bookingId === bookingId ? lookup.result : { state: "searching" };
}

type UpsellOption = Route.ComponentProps["loaderData"]["upsells"][number];

export default function BookingSuccessPage({ loaderData, params }: Route.ComponentProps) {
  const { bookingId } = params;
  const location = useLocation();
  const routerState = SuccessStateSchema.safeParse(location.state ?? {});
  const { citySlug, manageUrl } = routerState.success ? routerState.data : {};

  const lookup = useAppointmentLookup(bookingId);
  // The customer's switches; an extra left untouched is on when the booking already has it.
  const [toggled, setToggled] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [submitting, setSubmitting] = useState(false);
  const [confirmed, setConfirmed] = useState(false);

  const appointment = lookup.state === "found" ? lookup.appointment : null;
  const chosen = new Set(
    loaderData.upsells
      .map((u) => u.name)
      .filter((name) => toggled.get(name) ?? appointment?.upsells.some((u) => u.name === name) ?? false),
  );

  function toggle(name: string, on: boolean) {
    setToggled((current) => new Map(current).set(name, on));
  }

  async function confirm() {
    setSubmitting(true);
    const upsells = [...chosen];
    try {
      const response = await fetch("/api/update-appointment", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ booking_id: bookingId, upsells, city: citySlug || "Unknown" }),
      });
      const body = (await response.json()) as { success?: boolean; error?: string };
      if (!body.success) console.error(t.updateFailed, response.status, body.error);
    } catch (error) {
      console.error(t.updateFailed, error);
    } finally {
      setSubmitting(false);
      setConfirmed(true);
    }
  }

  if (confirmed) return <Confirmation bookingId={bookingId} manageUrl={manageUrl} />;

  const buttonText =
    lookup.state === "searching"
      ? t.searching
      : lookup.state === "notFound"
        ? t.notFound
        : submitting
          ? t.submitting
          : t.confirm;

  return (
    <section className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-10 sm:py-14">
      <header className="grid gap-2 text-center">
        <p className="text-sm font-medium text-muted-foreground">{t.bookingNumber(bookingId)}</p>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t.customizeTitle}</h1>
        <p className="mx-auto max-w-2xl text-muted-foreground">{t.customizeText}</p>
      </header>

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

      <div className="mx-auto grid w-full max-w-md gap-4">
        {appointment ? (
          <PriceSummary appointment={appointment} options={loaderData.upsells} chosen={chosen} />
        ) : null}
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
        <Button
          size="lg"
          className="w-full"
          disabled={lookup.state !== "found"}
          loading={lookup.state === "searching" || submitting}
          onClick={() => void confirm()}
        >
          {buttonText}
        </Button>
        <p role="status" className="sr-only">
          {lookup.state === "searching" ? t.searching : lookup.state === "notFound" ? t.notFound : ""}
        </p>
      </div>
    </section>
  );
}

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
          <CardTitle as="h2">
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
function PriceSummary({
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
  });
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2">{t.summaryTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-2 text-sm" aria-live="polite">
          <PriceLine label={t.services(appointment.cars)} cents={price.servicesCents} />
          {extras.map((extra) => (
            <PriceLine key={extra.name} label={extra.name} cents={extra.priceCents} />
          ))}
          <PriceLine label={t.subtotal} cents={price.subtotalCents} className="border-t pt-2 font-medium" />
          <PriceLine label={t.tps} cents={price.tpsCents} muted />
          <PriceLine label={t.tvq} cents={price.tvqCents} muted />
          <PriceLine
            label={t.total}
            cents={price.totalCents}
            className="border-t pt-2 text-base font-semibold"
            testId="success-total"
          />
        </dl>
      </CardContent>
    </Card>
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

function Confirmation({ bookingId, manageUrl }: { bookingId: string; manageUrl: string | undefined }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [nextBookingId] = useState(newBookingId);
  useEffect(() => {
    window.scrollTo({ top: 0 });
    heading.current?.focus();
  }, []);

  return (
    <section className="mx-auto grid w-full max-w-2xl gap-8 px-4 py-10 sm:py-14">
      <header className="grid justify-items-center gap-3 text-center">
        <span className="grid size-14 place-items-center rounded-full bg-success/15 text-success">
          <CalendarCheck aria-hidden="true" className="size-7" />
        </span>
        <h1
          ref={heading}
          tabIndex={-1}
          className="text-3xl font-bold tracking-tight outline-none sm:text-4xl"
        >
          {t.confirmedTitle}
        </h1>
        <p className="text-sm font-medium text-muted-foreground">{t.bookingNumber(bookingId)}</p>
        <p className="text-muted-foreground">{t.confirmedText}</p>
      </header>

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
