import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Car, CircleX, Pencil } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import {
  data,
  Form,
  Link,
  redirect,
  useLocation,
  useNavigate,
  useNavigation,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { z } from "zod";

import { CarsPicker } from "~/components/booking/wizard/cars-picker";
import { CustomerForm } from "~/components/booking/wizard/customer-form";
import { BookingSummary, SummaryBar } from "~/components/booking/wizard/booking-summary";
import { ExtrasPicker } from "~/components/booking/wizard/extras-picker";
import { PromoCodeField } from "~/components/booking/wizard/promo-code-field";
import { SlotPicker } from "~/components/booking/wizard/slot-picker";
import { StepIndicator } from "~/components/booking/wizard/step-indicator";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import {
  Breadcrumb,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbList,
  BreadcrumbPage,
  BreadcrumbSeparator,
} from "~/components/ui/breadcrumb";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { CARS_MAX, CARS_MIN } from "~/domain/booking/pricing";
import { BOOKING_LIMITS, BookingRequestSchema } from "~/domain/booking/schemas";
import { BUSINESS } from "~/lib/business";
import { AppError } from "~/lib/errors";
import { messages } from "~/lib/messages.fr";
import { originFrom, seoMeta } from "~/lib/seo";
import { getSessionUser } from "~/server/auth.server";
import { getDb } from "~/server/db.server";
import { env } from "~/server/env.server";
import { hitRateLimit } from "~/server/rate-limit.server";
import { BOOKING_RATE_LIMIT, bookSlot } from "~/server/services/booking/book-slot.server";
import { listOpenSlots } from "~/server/services/booking/list-open-slots.server";
import { listActiveServices } from "~/server/services/catalog/list-active-services.server";
import { listZones } from "~/server/services/zones/list-zones.server";
import { listUpsellOptions } from "~/server/services/catalog/list-upsell-options.server";
import { locateBookingAddress } from "~/server/services/booking/locate-booking-address.server";
import { siteOf } from "~/server/services/booking/slot-cache.server";
import type { GeoPoint } from "~/domain/travel/travel-time";
import { parsePostalCode } from "~/domain/geo/postal-code";
import { WaitlistForm } from "~/components/booking/waitlist-form";
import { bookingFailure } from "../api/booking-answers.server";
import { checkPromoFromForm } from "~/server/services/offers/wizard-promo.server";
import type { Route } from "./+types/wizard";
import { useHydrated } from "~/lib/use-hydrated";

const w = messages.wizard;
const b = messages.booking;

/** A blank or malformed search parameter counts as absent: the wizard then asks again. */
const WizardQuerySchema = z.object({
  /** The address or postal code, typed once at step 1 (ADR 044). */
  where: z.string().trim().max(BOOKING_LIMITS.address).optional().catch(undefined),
  zone: z.string().trim().toLowerCase().min(1).max(BOOKING_LIMITS.zone).optional().catch(undefined),
  cars: z.coerce.number().int().min(CARS_MIN).max(CARS_MAX).optional().catch(undefined),
  step: z.enum(["1", "2"]).catch("1"),
  service: z.uuid().optional().catch(undefined),
  /** A promo or referral code from a personal link (/booking?promo=CODE, ADR 050). */
  promo: z.string().trim().max(64).optional().catch(undefined),
});

/** The car count the zone page passes in the router state (spec section 2). */
const WizardStateSchema = z.object({
  cars: z.number().int().min(CARS_MIN).max(CARS_MAX).optional().catch(undefined),
});

/** The same budget as the service-area check (POST /api/validate-location), whose key it shares. */
const CHECK_RATE_LIMIT = { max: 30, windowSeconds: 60 };

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta({
    title: w.title,
    description: location.pathname === "/booking" ? messages.serviceArea.booking.description : w.description,
    path: location.pathname,
    origin: originFrom(matches),
    // /booking is the path's public start; /booking/{id} is one visitor's booking in progress.
    noindex: location.pathname !== "/booking",
  });

type StepOneError = {
  field: "where" | "zone" | "cars" | "form";
  message: string;
  notServed?: boolean;
  /** Not served yet: the waiting list is offered, pre-filled with the full code typed (ADR 046). */
  waitlistCode?: string;
};

/**
 * One path (ADR 044): /booking, /booking/{id}, the zone pages and ?service= all start here.
 * The state lives in the URL (?where=&cars=&zone=&step=2), so a reload, back and forward, and a
 * browser without JavaScript land on the same step. Step 1 asks the address or postal code and
 * the cars; the address decides the zone (a chooser only when two zones cover it). Step 2 loads
 * the open slots of the next 30 days, the extras, and the details pre-filled with the address.
 * A link with ?zone=&cars=&step=2 and no address (older links) still opens step 2.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = getDb();
  const query = WizardQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [zones, services, upsells, user] = await Promise.all([
    listZones(db),
    listActiveServices(db),
    listUpsellOptions(db),
    getSessionUser(request),
  ]);
  const service = services.find((s) => s.id === query.service) ?? services[0] ?? null;
  const bookable = zones.filter((zone) => zone.status === "active");
  const page = {
    where: query.where ?? "",
    cars: query.cars ?? null,
    serviceParam: query.service ?? null,
    promo: query.promo ?? null,
    service: service ? { id: service.id, name: service.name, basePriceCents: service.basePriceCents } : null,
    prefill: user ? { name: user.name, email: user.email } : null,
  };
  const stepOne = (error: StepOneError | null, choices: { slug: string; name: string }[] = []) => ({
    ...page,
    step: 1 as const,
    error,
    choices,
    zoneHint: bookable.find((z) => z.routeSlug === query.zone)?.zoneName ?? null,
    slots: null,
  });

  if (query.step === "1") return stepOne(null);
  if (!query.cars) return stepOne({ field: "cars", message: b.carsInvalid });
  if (!service) return stepOne({ field: "form", message: w.noService });

  let zoneSlug = bookable.find((z) => z.routeSlug === query.zone)?.routeSlug ?? null;
  let address = "";
  let postalCode = "";
  let site: GeoPoint | null = null;
  if (query.where) {
    const limit = await hitRateLimit(db, `validate-location:${context.ip}`, CHECK_RATE_LIMIT);
    if (!limit.allowed) return stepOne({ field: "where", message: messages.errors.rateLimited });
    const area = await locateBookingAddress(db, { text: query.where });
    if (!area.decision.inArea || area.zones.length === 0) {
      const joinable = area.decision.code === "OUT_OF_AREA" || area.decision.code === "ZONE_NOT_ACTIVE";
      return stepOne({
        field: "where",
        message: area.message,
        notServed: true,
        ...(joinable ? { waitlistCode: parsePostalCode(area.postalCode ?? "") ?? "" } : {}),
      });
    }
    if (!zoneSlug || !area.zones.some((z) => z.slug === zoneSlug)) {
      if (area.zones.length > 1) return stepOne(null, area.zones);
      zoneSlug = area.zones[0]!.slug;
    }
    site = area.point;
    const typedPostalCode = parsePostalCode(query.where);
    address = typedPostalCode ? "" : query.where;
    postalCode = typedPostalCode ?? (area.postalCode && area.postalCode.length > 3 ? area.postalCode : "");
  } else if (!zoneSlug) {
    return stepOne(
      query.zone
        ? { field: "where", message: b.zoneNotActive }
        : { field: "where", message: w.whereRequired },
    );
  }

  try {
    // The times leave room for the drive to this address (ADR 048).
    const slots = await listOpenSlots(db, {
      zoneSlug,
      cars: query.cars,
      serviceId: service.id,
      site,
      now: new Date(),
    });
    return {
      ...page,
      step: 2 as const,
      error: null,
      slots,
      city: bookable.find((z) => z.routeSlug === zoneSlug)?.zoneName ?? slots.zone,
      address,
      postalCode,
      extras: upsells.map(({ slug, name, description, priceCents, isPopular }) => ({
        slug,
        name,
        description,
        priceCents,
        isPopular,
      })),
    };
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND")
      return stepOne({ field: "where", message: b.zoneNotFound });
    if (error instanceof AppError && error.code === "ZONE_NOT_ACTIVE")
      return stepOne({ field: "where", message: b.zoneNotActive });
    throw error;
  }
}

/**
 * intent 'book': parse with the shared schema, book, then go to /booking-success/{bookingId}.
 * With JavaScript the page navigates itself and hands over the manage link in the router state
 * (never in a URL); without it, a redirect, and the manage link arrives by e-mail. A taken slot
 * answers with the fresh slots; an address outside the zone is an error of the address field.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const db = getDb();
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: BookingRequestSchema });
  const fail = (status: number, reply: Parameters<typeof submission.reply>[0], slots = null as Slots) =>
    data({ status: "failed" as const, result: submission.reply(reply), slots }, { status });

  // 'Appliquer' beside the promo code: its rules checked, the form kept as typed (ADR 050).
  if (formData.get("intent") === "promo") return checkPromoFromForm(db, formData);
  if (formData.get("intent") !== "book") return fail(400, { formErrors: [messages.errors.generic] });
  const limit = await hitRateLimit(db, `booking:ip:${context.ip}`, BOOKING_RATE_LIMIT);
  if (!limit.allowed) return fail(429, { formErrors: [b.rateLimited] });
  if (submission.status !== "success") return fail(400, {});

  const input = submission.value;
  const now = new Date();
  try {
    const booking = await bookSlot(db, { actor: await getSessionUser(request), input, now });
    if (formData.get("navigation") !== "client") throw redirect(`/booking-success/${booking.bookingId}`);
    return {
      status: "booked" as const,
      bookingId: booking.bookingId,
      manageUrl: `${env().PUBLIC_URL}/booking/manage/${booking.bookingId}?token=${booking.manageToken}`,
      cars: input.cars,
      citySlug: booking.zoneSlug,
    };
  } catch (error) {
    if (error instanceof Response) throw error;
    const failure = bookingFailure(error, { requestId: context.requestId, notFound: b.zoneNotFound });
    const code = error instanceof AppError ? error.code : null;
    if (code === "ADDRESS_OUT_OF_ZONE" || code === "ADDRESS_NOT_LOCATED") {
      return fail(failure.status, { fieldErrors: { address: [failure.message] } });
    }
    if (code === "PROMO_CODE_REFUSED") {
      return fail(failure.status, { fieldErrors: { promoCode: [failure.message] } });
    }
    const fresh =
      code === "SLOT_TAKEN" || code === "SLOT_UNAVAILABLE"
        ? await listOpenSlots(db, {
            zoneSlug: input.zone,
            cars: input.cars,
            serviceId: input.serviceId,
            site: await siteOf([input.address, input.postalCode].filter(Boolean).join(" ")),
            now,
          })
        : null;
    // A slot taken meanwhile is an error of the time step, with the fresh slots.
    if (fresh) return fail(failure.status, { fieldErrors: { start: [failure.message] } }, fresh);
    return fail(failure.status, { formErrors: [failure.message] });
  }
}

type Slots = Awaited<ReturnType<typeof listOpenSlots>> | null;

/** The booking form's check in the browser: the shared schema. */
const validateBooking = (formData: FormData) => parseWithZod(formData, { schema: BookingRequestSchema });

/** A booking made navigates away: its step 2 data need not load again. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const booked =
    typeof actionResult === "object" &&
    actionResult !== null &&
    (actionResult as { status?: unknown }).status === "booked";
  return booked ? false : defaultShouldRevalidate;
}

type LoaderData = Route.ComponentProps["loaderData"];
type ActionData = Route.ComponentProps["actionData"];

export default function BookingWizard({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(loaderData.step);

  // A new step gets a new heading: move the focus there, so keyboard and screen reader users
  // start at the top of the step.
  useEffect(() => {
    if (shownStep.current === loaderData.step) return;
    shownStep.current = loaderData.step;
    headingRef.current?.focus();
  }, [loaderData.step]);

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8 pb-24 sm:py-12 lg:pb-12">
      <Breadcrumb>
        <BreadcrumbList>
          <BreadcrumbItem>
            <BreadcrumbLink asChild>
              <Link to="/">{w.home}</Link>
            </BreadcrumbLink>
          </BreadcrumbItem>
          <BreadcrumbSeparator />
          <BreadcrumbItem>
            <BreadcrumbPage>{w.title}</BreadcrumbPage>
          </BreadcrumbItem>
        </BreadcrumbList>
      </Breadcrumb>

      <StepIndicator step={loaderData.step} className="mx-auto w-full max-w-md" />

      <h1
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-bold tracking-tight outline-none sm:text-3xl"
      >
        {loaderData.step === 1 ? w.whereTitle : w.slotTitle}
      </h1>

      {loaderData.step === 1 ? (
        <WhereStep key={location.key} data={loaderData} />
      ) : (
        <SlotStep data={loaderData} actionData={actionData} />
      )}
    </div>
  );
}

/** Focuses an element and brings it to the middle of the screen (a refusal's field). */
function focusInView(element: HTMLElement | null) {
  if (!element) return;
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: "center" });
}

/**
 * Step 1: the address or postal code (the service-area check) and the cars, then 'Voir les
 * disponibilités' (a GET form: ?where=&cars=&step=2). A refusal (not served, not found) is shown
 * at the field, focused, with what was typed; two zones covering the address add a chooser.
 */
function WhereStep({ data: page }: { data: Extract<LoaderData, { step: 1 }> }) {
  const location = useLocation();
  const hydrated = useHydrated();
  const id = useId();
  const whereRef = useRef<HTMLInputElement>(null);
  const zoneRef = useRef<HTMLFieldSetElement>(null);
  const [chosenCars, setCars] = useState<number | null>(null);
  const remembered = hydrated ? WizardStateSchema.safeParse(location.state ?? {}) : null;
  const cars = chosenCars ?? page.cars ?? (remembered?.success ? remembered.data.cars : undefined) ?? 1;
  const error = page.error;
  const whereErrorId = `${id}-where-error`;
  const formErrorId = `${id}-form-error`;

  useEffect(() => {
    if (error?.field === "where") focusInView(whereRef.current);
    else if (page.choices.length > 0) focusInView(zoneRef.current?.querySelector("input") ?? null);
  }, [error, page.choices]);

  return (
    <>
      <Form method="get" className="grid max-w-xl gap-8" noValidate>
        <p className="-mt-4 text-muted-foreground">{w.whereText}</p>
        <input type="hidden" name="step" value="2" />
        {page.serviceParam ? <input type="hidden" name="service" value={page.serviceParam} /> : null}
        {page.promo ? <input type="hidden" name="promo" value={page.promo} /> : null}
        {error?.field === "form" ? (
          <Alert variant="destructive" id={formErrorId}>
            <AlertDescription className="text-foreground">{error.message}</AlertDescription>
          </Alert>
        ) : null}
        <div className="grid gap-2">
          <Label htmlFor={`${id}-where`} className="text-base font-semibold">
            {messages.serviceArea.fieldLabel}
          </Label>
          <Input
            ref={whereRef}
            id={`${id}-where`}
            name="where"
            defaultValue={page.where}
            placeholder={messages.serviceArea.fieldPlaceholder}
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
            <p className="text-sm text-muted-foreground">{messages.serviceArea.zone.hero(page.zoneHint)}</p>
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
        <CarsPicker
          value={cars}
          onChange={setCars}
          errorId={error?.field === "cars" ? formErrorId : undefined}
        />
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

/** The slot of a start among the offered ones. */
function findSlot(
  days: readonly { slots: readonly { start: string; end: string }[] }[],
  start: string | null,
) {
  if (!start) return null;
  for (const day of days) {
    const slot = day.slots.find((s) => s.start === start);
    if (slot) return slot;
  }
  return null;
}

/**
 * Step 2: the time, the extras, the customer's details (address and postal code pre-filled),
 * and the summary kept in view (sticky beside the form on a desktop, a bar at the bottom of a
 * phone), then the booking (POST, intent 'book').
 */
function SlotStep({
  data: page,
  actionData,
}: {
  data: Extract<LoaderData, { step: 2 }>;
  actionData: ActionData;
}) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const errorRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const failed = actionData?.status === "failed" ? actionData : null;
  const promoAnswer = actionData?.status === "promo" ? actionData : null;
  const slots = failed?.slots ?? page.slots;
  const zone = page.slots.zone;
  const cars = page.slots.cars;
  const service = page.service;

  const [form, fields] = useForm({
    id: "booking",
    lastResult: failed?.result ?? promoAnswer?.result,
    defaultValue: {
      zone,
      cars: String(cars),
      serviceId: service?.id,
      name: page.prefill?.name,
      email: page.prefill?.email,
      address: page.address,
      postalCode: page.postalCode,
      promoCode: page.promo ?? undefined,
    },
    constraint: getZodConstraint(BookingRequestSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // 'Appliquer' (intent promo) checks only the code, on the server: the rest may be unfinished.
    onValidate: ({ formData }) =>
      formData.get("intent") === "promo"
        ? (parseWithZod(formData, { schema: z.looseObject({}) }) as unknown as ReturnType<
            typeof validateBooking
          >)
        : validateBooking(formData),
  });

  // What the summary repeats: the chosen time, the extras and the address, as they change.
  const [start, setStart] = useState<string | null>(() => fields.start.initialValue ?? null);
  const [extras, setExtras] = useState<ReadonlySet<string>>(() => new Set());
  const [address, setAddress] = useState(page.address);

  useEffect(() => {
    if (actionData?.status === "booked") {
      const { bookingId, cars: bookedCars, citySlug, manageUrl } = actionData;
      void navigate(`/booking-success/${bookingId}`, {
        replace: true,
        state: { cars: bookedCars, citySlug, manageUrl },
      });
    }
  }, [actionData, navigate]);

  // A refusal is shown where it belongs, focused and in view: the first field in error (address
  // out of the zone, slot just taken, invalid field), else the message of the whole form. Conform
  // shows the server's errors a render later: look again on each render until one is found.
  const handledFailure = useRef<unknown>(null);
  useEffect(() => {
    if (!failed || handledFailure.current === failed) return;
    const root = formRef.current;
    const startError = root?.querySelector<HTMLElement>(`#${CSS.escape(fields.start.errorId)}`);
    const invalid = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const target =
      startError ?? invalid ?? (errorRef.current?.dataset.hasErrors === "true" ? errorRef.current : null);
    if (!target) return;
    handledFailure.current = failed;
    if (target === startError) target.tabIndex = -1;
    focusInView(target);
  });

  const editPath = `?${new URLSearchParams({
    ...(page.where ? { where: page.where } : { zone }),
    cars: String(cars),
    step: "1",
    ...(page.serviceParam ? { service: page.serviceParam } : {}),
    ...(page.promo ? { promo: page.promo } : {}),
  }).toString()}`;
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const hasSlots = slots.days.some((day) => day.slots.length > 0);
  const formErrors = form.errors ?? [];
  const summary = service
    ? {
        serviceName: service.name,
        unitPriceCents: service.basePriceCents,
        cars,
        zoneName: page.city,
        slot: findSlot(slots.days, start),
        durationMinutes: slots.duration_minutes,
        address: [address, page.postalCode && !address.includes(page.postalCode) ? page.postalCode : ""]
          .filter(Boolean)
          .join(" "),
        extras: page.extras.filter((e) => extras.has(e.slug)),
        promo: promoAnswer?.promo ?? null,
      }
    : null;

  return (
    <div className="grid gap-6">
      <div className="-mt-2 flex flex-wrap items-center justify-between gap-3">
        <Badge variant="secondary" className="h-auto max-w-full px-3 py-1 text-sm whitespace-normal">
          <Car aria-hidden="true" />
          {w.summaryBadge(messages.serviceArea.cars(cars), page.city)}
        </Badge>
        <Button asChild variant="outline">
          <Link to={editPath}>
            <Pencil aria-hidden="true" />
            {w.editServices}
          </Link>
        </Button>
      </div>

      <div
        ref={errorRef}
        id={form.errorId}
        tabIndex={-1}
        data-has-errors={formErrors.length > 0}
        className="outline-none"
      >
        {formErrors.length > 0 ? (
          <Alert variant="destructive">
            <AlertDescription className="text-foreground">{formErrors.join(" ")}</AlertDescription>
          </Alert>
        ) : null}
      </div>

      {hasSlots && service && summary ? (
        <Form
          ref={formRef}
          method="post"
          {...getFormProps(form)}
          onChange={(event) => {
            const target = event.target as unknown as HTMLInputElement;
            if (target.name === fields.start.name) setStart(target.value);
            if (target.name === fields.address.name) setAddress(target.value);
          }}
          className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start"
        >
          <input type="hidden" name={fields.zone.name} value={zone} />
          <input type="hidden" name={fields.cars.name} value={cars} />
          <input type="hidden" name={fields.serviceId.name} value={service.id} />
          {hydrated ? <input type="hidden" name="navigation" value="client" /> : null}
          <div className="grid gap-10">
            <SlotPicker
              key={slots === page.slots ? "loaded" : "fresh"}
              name={fields.start.name}
              days={slots.days}
              durationMinutes={slots.duration_minutes}
              // After a refusal in the browser, `value` holds the start sent (the picker names it if taken).
              defaultValue={fields.start.value ?? fields.start.initialValue}
              error={fields.start.errors}
              errorId={fields.start.errorId}
              phone={BUSINESS.phone}
            />
            <ExtrasPicker
              options={page.extras}
              chosen={extras}
              onToggle={(slug, on) =>
                setExtras((current) => {
                  const next = new Set(current);
                  if (on) next.add(slug);
                  else next.delete(slug);
                  return next;
                })
              }
            />
            <CustomerForm fields={fields} />
          </div>
          <div className="grid gap-4 lg:sticky lg:top-24">
            <BookingSummary input={summary} />
            <Button type="submit" name="intent" value="book" size="lg" loading={submitting}>
              {w.submit}
            </Button>
            {/* After the booking button: Enter in any field books (the form's first submit button),
                and the button does not move when the code's answer shows (ADR 050). */}
            <PromoCodeField field={fields.promoCode} applied={promoAnswer?.promo?.code ?? null} />
          </div>
          {hydrated ? <SummaryBar input={summary} /> : null}
        </Form>
      ) : (
        <SlotPicker
          name={fields.start.name}
          days={slots.days}
          durationMinutes={slots.duration_minutes}
          errorId={fields.start.errorId}
          phone={BUSINESS.phone}
        />
      )}
    </div>
  );
}
