import { Form, useFetcher, useLocation, useSubmit } from "react-router";
import { CircleX, LoaderCircle } from "lucide-react";
import { Suspense, useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import { CarsPicker } from "~/components/booking/wizard/cars-picker";
import { SavedVehiclesPicker, SizePicker } from "~/components/booking/wizard/vehicles-picker";
import { preloadSlotStep, SlotPreview, WaitlistForm } from "~/components/booking/wizard/lazy-steps";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { CARS_MAX, CARS_MIN } from "~/domain/booking/pricing";
import { BOOKING_LIMITS } from "~/domain/booking/limits";
import { BUSINESS } from "~/lib/business";
import { formatMoney } from "~/lib/format";
import { serviceAreaMessages } from "~/lib/messages/service-area.fr";
import { wizardMessages } from "~/lib/messages/wizard.fr";
import { useHydrated } from "~/lib/use-hydrated";
import type { WizardLoaderData } from "~/routes/booking/wizard-types";
import { focusInView } from "./focus-in-view";
import { readRememberedDetails } from "./remembered-details";

const w = wizardMessages;

/** The car count the zone page passes in the router state (docs/product.md, section 2), when it is one. */
function rememberedCars(state: unknown): number | undefined {
  const cars = typeof state === "object" && state !== null ? (state as { cars?: unknown }).cars : undefined;
  return typeof cars === "number" && Number.isInteger(cars) && cars >= CARS_MIN && cars <= CARS_MAX
    ? cars
    : undefined;
}

/** The search parameters of step 1's times: the form's fields but the time and the day shown. */
function previewQuery(form: HTMLFormElement) {
  const query = new URLSearchParams();
  for (const [key, value] of new FormData(form))
    if (typeof value === "string" && key !== "start" && key !== "start-jour") query.append(key, value);
  query.set("step", "2");
  return query;
}

/**
 * Step 1: the address or postal code (the service-area check) and the cars, then 'Voir les
 * disponibilités' (a GET form: ?where=&cars=&step=2). A refusal (not served, not found) is shown
 * at the field, focused, with what was typed; two zones covering the address add a chooser.
 *
 * With JavaScript (ADR 107), a committed change on the form (the address left or sent, a car
 * count, a size, a saved vehicle, a zone; never a key typed) checks the address in the background
 * through this route's own loader, as the button would: the times show below (announced), or the
 * refusal at the field with nothing lost. A time chosen there opens step 2 with it chosen. The
 * button stays, for a browser without JavaScript and as a visible way on.
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
  const submit = useSubmit();
  const fetcher = useFetcher<WizardLoaderData>();
  // A key typed in the address after a check: its answer no longer holds.
  const [stale, setStale] = useState(false);
  // The zone chooser shown when a check sent one of its zones: it stays beside the times.
  const [keptChoices, setKeptChoices] = useState<typeof page.choices>([]);
  const fetched = stale ? undefined : fetcher.data;
  const checkedOne = fetched?.step === 1 ? fetched : null;
  const preview = fetched?.step === 2 ? fetched : null;
  const error = fetched ? (checkedOne?.error ?? null) : page.error;
  const choices = checkedOne ? checkedOne.choices : preview ? keptChoices : page.choices;
  const checking = fetcher.state === "loading";
  // Back from « Modifier » (ADR 093): the time kept, chosen below while the check offers it;
  // otherwise it goes forward as before and step 2 says it is gone.
  const keptStart = page.keep.start;
  const keptAt = keptStart ? new Date(keptStart).getTime() : Number.NaN;
  const keptSlot = preview?.slots?.days
    .flatMap((day) => day.slots)
    .find((slot) => new Date(slot.start).getTime() === keptAt)?.start;
  const keptOffered = keptSlot !== undefined;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // When an arrow key last moved a choice: a keyboard walking the times does not leave the page.
  const arrowAt = useRef(0);
  useEffect(() => () => clearTimeout(timer.current), []);

  /** The address checked in the background, through this route's loader, as the button would. */
  function check(form: HTMLFormElement) {
    const query = previewQuery(form);
    if ((query.get("where") ?? "").trim() === "") return;
    setKeptChoices(query.has("zone") ? choices : []);
    setStale(false);
    void fetcher.load(`${location.pathname}?${query.toString()}`);
  }

  /** A short wait: a second vehicle ticked, or a size changed right after, makes one check. */
  function checkSoon(form: HTMLFormElement) {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => check(form), 350);
  }

  /** A time chosen below: step 2 with it, as the button would with the form's fields. */
  function goOn(form: HTMLFormElement, start: string) {
    clearTimeout(timer.current);
    const query = previewQuery(form);
    query.set("start", start);
    void submit(query, { method: "get", action: location.pathname });
  }

  /** A choice made on the form (never a key typed: the address is checked when left). */
  function onChoice(event: ChangeEvent<HTMLFormElement>) {
    const target = event.target as unknown as HTMLInputElement | HTMLSelectElement;
    if (target.type === "text" || target.name === "where" || target.name === "start-jour") return;
    if (target.name === "start") {
      // Arrows walk the times (Enter or the button goes on with the one chosen); a press goes on.
      if (Date.now() - arrowAt.current > 150) goOn(event.currentTarget, target.value);
    } else checkSoon(event.currentTarget);
  }
  const whereErrorId = `${id}-where-error`;
  const formErrorId = `${id}-form-error`;

  // A returning visitor's address kept on this device with their consent (ADR 107), when the
  // field is still empty.
  useEffect(() => {
    const input = whereRef.current;
    if (page.prefill || !input || input.value !== "") return;
    const kept = readRememberedDetails()?.address;
    if (kept) input.value = kept;
  }, [page.prefill]);

  // The button's answer moves the focus; the check in the background never does (announced).
  useEffect(() => {
    if (page.error?.field === "where") focusInView(whereRef.current);
    else if (page.choices.length > 0) focusInView(zoneRef.current?.querySelector("input") ?? null);
  }, [page.error, page.choices]);

  return (
    <>
      <Form
        method="get"
        onChange={onChoice}
        onKeyDown={(event) => {
          if (event.key.startsWith("Arrow")) arrowAt.current = Date.now();
        }}
        // The button pressed: its own answer comes, the check waiting is dropped.
        onSubmit={() => clearTimeout(timer.current)}
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
        {keptStart && !keptOffered ? <input type="hidden" name="start" value={keptStart} /> : null}
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
            onInput={() => {
              if (fetcher.data) setStale(true);
            }}
            onBlur={(event) => {
              // Left with something typed: checked (the same text again, not twice).
              const value = event.currentTarget.value.trim();
              if (value !== "" && (stale || !fetcher.data) && event.currentTarget.form)
                checkSoon(event.currentTarget.form);
            }}
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
        {choices.length > 0 ? (
          <fieldset ref={zoneRef} className="grid gap-3">
            <legend className="mb-3 text-base font-semibold">{w.zoneChoice}</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {choices.map((zone, index) => (
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
        {checking && !preview ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
            {w.previewLoading}
          </p>
        ) : null}
        {preview?.slots ? (
          <section
            aria-labelledby={`${id}-preview`}
            className="grid gap-4 rounded-lg border bg-card p-4 sm:p-6"
            data-testid="slot-preview"
          >
            <div className="grid gap-1">
              <h2 id={`${id}-preview`} className="text-lg font-semibold">
                {w.previewTitle}
              </h2>
              <p className="text-sm text-muted-foreground">{w.previewHint}</p>
            </div>
            <Suspense fallback={null}>
              <SlotPreview
                // Each answer its own picker: a day or time of the last one does not linger.
                key={preview.requestKey}
                name="start"
                days={preview.slots.days}
                durationMinutes={preview.slots.duration_minutes}
                defaultValue={keptSlot}
                errorId={`${id}-start-error`}
                phone={BUSINESS.phone}
              />
            </Suspense>
          </section>
        ) : null}
        {/* What the check found, read by screen readers (the times or the refusal). */}
        <p aria-live="polite" className="sr-only">
          {checking
            ? w.previewLoading
            : preview
              ? w.previewShown(preview.city)
              : (checkedOne?.error?.message ?? "")}
        </p>
        <Button
          type="submit"
          size="lg"
          // The times shown: choosing one is the way on; the button stays, quieter.
          variant={preview?.slots ? "outline" : "default"}
          className="sm:justify-self-start"
        >
          {w.seeSlots}
        </Button>
      </Form>
      {error?.waitlistCode !== undefined ? (
        // Not served yet: the waiting list's own form, outside the GET form of this step (ADR 046).
        <WaitlistForm
          key={checkedOne?.where ?? page.where}
          defaultPostalCode={error.waitlistCode}
          className="mt-8 max-w-xl"
        />
      ) : null}
    </>
  );
}
