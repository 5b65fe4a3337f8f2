import { Check } from "lucide-react";
import { useId, useState } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { PlacedPicture } from "~/components/home/placed-picture";
import { Switch } from "~/components/ui/switch";
import { priceBooking } from "~/domain/booking/pricing";
import { formatMoney } from "~/lib/format";
import { bookingSuccessMessages } from "~/lib/messages/booking-success.fr";
import { cn } from "~/lib/utils";
import type { UpsellOption } from "~/routes/booking/success-types";
import { DiscountLine, PriceLine } from "../price-lines";
import type { Appointment } from "./appointment-lookup";

const t = bookingSuccessMessages;
const UPSELL_IMAGE = { width: 480, height: 320 } as const;
/** A card's width: a third of the 48rem page from `lg`, a half from `sm`, the page below. */
const UPSELL_SIZES = "(min-width: 1024px) 240px, (min-width: 640px) 360px, calc(100vw - 2rem)";

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
      {option.photo ? (
        <PlacedPicture
          image={option.photo}
          sizes={UPSELL_SIZES}
          className="aspect-[3/2] w-full object-cover"
        />
      ) : option.image ? (
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

/**
 * The spec's offer of extras after booking: a switch per extra (on when the booking has it), the
 * new total, and 'Mettre à jour' which updates the booking with the manage token (POST
 * /api/update-appointment) and sends an updated confirmation.
 */
export function ExtrasOffer({
  bookingId,
  token,
  citySlug,
  appointment,
  options,
  onUpdated,
}: {
  bookingId: string;
  token: string;
  citySlug: string | undefined;
  appointment: Appointment;
  options: readonly UpsellOption[];
  onUpdated: () => void;
}) {
  // The customer's switches; an extra left untouched is on when the booking already has it.
  const [toggled, setToggled] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [submitting, setSubmitting] = useState(false);
  const [update, setUpdate] = useState<"done" | "failed" | null>(null);
  const chosen = new Set(
    options
      .map((u) => u.name)
      .filter((name) => toggled.get(name) ?? appointment.upsells.some((u) => u.name === name)),
  );
  const booked = new Set(appointment.upsells.map((u) => u.name) ?? []);
  const changed = chosen.size !== booked.size || [...chosen].some((name) => !booked.has(name));

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
      onUpdated();
    } catch (error) {
      console.error(t.updateFailed, error);
      setUpdate("failed");
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section aria-labelledby="add-more-title" className="grid gap-4 border-t pt-8">
      <div className="grid gap-1">
        <h2 id="add-more-title" className="text-2xl font-bold tracking-tight">
          {t.customizeTitle}
        </h2>
        <p className="text-muted-foreground">{t.addMoreText}</p>
      </div>
      <ul aria-label={t.extrasLabel} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {options.map((option) => (
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
        {changed ? <NewTotal appointment={appointment} options={options} chosen={chosen} /> : null}
        <Button size="lg" disabled={!changed} loading={submitting} onClick={() => void confirm()}>
          {submitting ? t.submitting : t.updateExtras}
        </Button>
        <div role="status" aria-live="polite">
          {update === "done" ? <p className="text-sm font-medium text-success">{t.extrasUpdated}</p> : null}
          {update === "failed" ? (
            <p className="text-sm font-medium text-destructive">{t.extrasNotUpdated}</p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
