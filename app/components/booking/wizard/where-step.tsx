import { Form, useLocation } from "react-router";
import { CircleX } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { CarsPicker } from "~/components/booking/wizard/cars-picker";
import { SavedVehiclesPicker, SizePicker } from "~/components/booking/wizard/vehicles-picker";
import { preloadSlotStep, WaitlistForm } from "~/components/booking/wizard/lazy-steps";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { CARS_MAX, CARS_MIN } from "~/domain/booking/pricing";
import { BOOKING_LIMITS } from "~/domain/booking/limits";
import { formatMoney } from "~/lib/format";
import { serviceAreaMessages } from "~/lib/messages/service-area.fr";
import { wizardMessages } from "~/lib/messages/wizard.fr";
import { useHydrated } from "~/lib/use-hydrated";
import type { WizardLoaderData } from "~/routes/booking/wizard-types";
import { focusInView } from "./focus-in-view";

const w = wizardMessages;

/** The car count the zone page passes in the router state (docs/product.md, section 2), when it is one. */
function rememberedCars(state: unknown): number | undefined {
  const cars = typeof state === "object" && state !== null ? (state as { cars?: unknown }).cars : undefined;
  return typeof cars === "number" && Number.isInteger(cars) && cars >= CARS_MIN && cars <= CARS_MAX
    ? cars
    : undefined;
}

/**
 * Step 1: the address or postal code (the service-area check) and the cars, then 'Voir les
 * disponibilités' (a GET form: ?where=&cars=&step=2). A refusal (not served, not found) is shown
 * at the field, focused, with what was typed; two zones covering the address add a chooser.
 */
export function WhereStep({ data: page }: { data: Extract<WizardLoaderData, { step: 1 }> }) {
  const location = useLocation();
  const hydrated = useHydrated();
  const id = useId();
  const whereRef = useRef<HTMLInputElement>(null);
  const zoneRef = useRef<HTMLFieldSetElement>(null);
  const [chosenCars, setCars] = useState<number | null>(null);
  const remembered = hydrated ? rememberedCars(location.state) : undefined;
  const cars = chosenCars ?? page.cars ?? remembered ?? 1;
  const error = page.error;
  const whereErrorId = `${id}-where-error`;
  const formErrorId = `${id}-form-error`;

  useEffect(() => {
    if (error?.field === "where") focusInView(whereRef.current);
    else if (page.choices.length > 0) focusInView(zoneRef.current?.querySelector("input") ?? null);
  }, [error, page.choices]);

  return (
    <>
      <Form
        method="get"
        className="grid max-w-xl gap-8"
        noValidate
        onFocus={preloadSlotStep}
        onPointerDown={preloadSlotStep}
      >
        <p className="-mt-4 text-muted-foreground">{w.whereText}</p>
        {page.referralDiscountCents ? (
          <Alert variant="success" data-testid="referral-notice">
            <AlertDescription className="text-foreground">
              {w.referralApplied(formatMoney(page.referralDiscountCents))}
            </AlertDescription>
          </Alert>
        ) : null}
        <input type="hidden" name="step" value="2" />
        {page.serviceParam ? <input type="hidden" name="service" value={page.serviceParam} /> : null}
        {page.promo ? <input type="hidden" name="promo" value={page.promo} /> : null}
        {/* Back from « Modifier » (issue 33): the day, time and extras chosen go forward again. */}
        {page.keep.start ? <input type="hidden" name="start" value={page.keep.start} /> : null}
        {page.keep.day ? <input type="hidden" name="jour" value={page.keep.day} /> : null}
        {page.keep.extras.map((slug) => (
          <input key={slug} type="hidden" name="extra" value={slug} />
        ))}
        {error?.field === "form" ? (
          <Alert variant="destructive" id={formErrorId}>
            <AlertDescription className="text-foreground">{error.message}</AlertDescription>
          </Alert>
        ) : null}
        <div className="grid gap-2">
          <Label htmlFor={`${id}-where`} className="text-base font-semibold">
            {serviceAreaMessages.fieldLabel}
          </Label>
          <Input
            ref={whereRef}
            id={`${id}-where`}
            name="where"
            defaultValue={page.where}
            placeholder={serviceAreaMessages.fieldPlaceholder}
            autoComplete="street-address"
            maxLength={BOOKING_LIMITS.address}
            required
            autoFocus={error?.field === "where"}
            aria-invalid={error?.field === "where" || undefined}
            aria-describedby={error?.field === "where" ? whereErrorId : undefined}
          />
          {error?.field === "where" ? (
            // The not-served answer: the same message as the service-area check (the waiting
            // list's form belongs here, under it).
            <div id={whereErrorId} data-testid="where-error">
              <p className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm font-medium text-foreground">
                <CircleX aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
                <span>{error.message}</span>
              </p>
            </div>
          ) : page.zoneHint ? (
            <p className="text-sm text-muted-foreground">{serviceAreaMessages.zone.hero(page.zoneHint)}</p>
          ) : null}
        </div>
        {page.choices.length > 0 ? (
          <fieldset ref={zoneRef} className="grid gap-3">
            <legend className="mb-3 text-base font-semibold">{w.zoneChoice}</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {page.choices.map((zone, index) => (
                <label
                  key={zone.slug}
                  className="flex min-h-14 cursor-pointer items-center gap-3 rounded-lg border bg-card p-4 has-checked:border-primary has-checked:bg-primary/5"
                >
                  <input
                    type="radio"
                    name="zone"
                    value={zone.slug}
                    defaultChecked={index === 0}
                    className="size-5 shrink-0 accent-primary"
                  />
                  <span className="font-medium">{zone.name}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        {page.savedVehicles.length > 0 ? (
          <SavedVehiclesPicker
            vehicles={page.savedVehicles}
            chosen={page.choice.vehicleIds}
            errorId={error?.field === "cars" ? formErrorId : undefined}
          />
        ) : (
          <>
            <CarsPicker
              value={cars}
              onChange={setCars}
              errorId={error?.field === "cars" ? formErrorId : undefined}
            />
            <SizePicker cars={cars} classes={page.sizeClasses} chosen={page.choice.sizes} />
          </>
        )}
        {error?.field === "cars" ? (
          <p id={formErrorId} className="-mt-4 text-sm font-medium text-destructive">
            {error.message}
          </p>
        ) : null}
        <Button type="submit" size="lg" className="sm:justify-self-start">
          {w.seeSlots}
        </Button>
      </Form>
      {error?.waitlistCode !== undefined ? (
        // Not served yet: the waiting list's own form, outside the GET form of this step (ADR 046).
        <WaitlistForm key={page.where} defaultPostalCode={error.waitlistCode} className="mt-8 max-w-xl" />
      ) : null}
    </>
  );
}
