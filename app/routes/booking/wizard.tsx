import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Car, Pencil } from "lucide-react";
import { useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
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
import { PriceSummary } from "~/components/booking/wizard/price-summary";
import { RegionPicker, type Region } from "~/components/booking/wizard/region-picker";
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
import { bookingFailure } from "../api/booking-answers.server";
import type { Route } from "./+types/wizard";

const w = messages.wizard;
const b = messages.booking;

/** A blank or malformed search parameter counts as absent: the wizard then asks again. */
const WizardQuerySchema = z.object({
  zone: z.string().trim().toLowerCase().min(1).max(BOOKING_LIMITS.zone).optional().catch(undefined),
  cars: z.coerce.number().int().min(CARS_MIN).max(CARS_MAX).optional().catch(undefined),
  step: z.enum(["1", "2"]).catch("1"),
  service: z.uuid().optional().catch(undefined),
});

/** The router state the header, the zone page and /booking pass (spec section 2). */
const WizardStateSchema = z.object({
  cars: z.number().int().min(CARS_MIN).max(CARS_MAX).optional().catch(undefined),
  city: z.string().optional().catch(undefined),
  citySlug: z.string().optional().catch(undefined),
});

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta({
    title: w.title,
    description: w.description,
    path: location.pathname,
    origin: originFrom(matches),
    noindex: true,
  });

/**
 * The wizard's state lives in the URL (?zone=&cars=&step=), so a reload, back and forward, and a
 * browser without JavaScript all land on the same step. Step 2 loads the open slots of the next
 * 30 days; a zone that does not exist or does not take bookings sends back to step 1 with a message.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  const query = WizardQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [zones, services, user] = await Promise.all([
    listZones(db),
    listActiveServices(db),
    getSessionUser(request),
  ]);
  const regions: Region[] = zones.map((zone) => ({
    slug: zone.routeSlug,
    name: zone.zoneName,
    bookable: zone.status === "active",
    label: zone.statusLabel,
  }));
  const service = services.find((s) => s.id === query.service) ?? services[0] ?? null;
  const chosen = regions.find((region) => region.slug === query.zone && region.bookable);
  const page = {
    regions,
    selection: { zone: chosen?.slug ?? null, cars: query.cars ?? null },
    serviceParam: query.service ?? null,
    service: service ? { id: service.id, name: service.name, basePriceCents: service.basePriceCents } : null,
    prefill: user ? { name: user.name, email: user.email } : null,
  };
  const stepOne = (error: string | null) => ({ ...page, step: 1 as const, error, slots: null });

  if (query.step === "1") return stepOne(null);
  if (!query.zone) return stepOne(b.zoneRequired);
  if (!query.cars) return stepOne(b.carsInvalid);
  if (!service) return stepOne(w.noService);
  try {
    const slots = await listOpenSlots(db, {
      zoneSlug: query.zone,
      cars: query.cars,
      serviceId: service.id,
      now: new Date(),
    });
    return { ...page, step: 2 as const, error: null, slots, city: chosen?.name ?? slots.zone };
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") return stepOne(b.zoneNotFound);
    if (error instanceof AppError && error.code === "ZONE_NOT_ACTIVE") return stepOne(b.zoneNotActive);
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
    const fresh =
      code === "SLOT_TAKEN" || code === "SLOT_UNAVAILABLE"
        ? await listOpenSlots(db, {
            zoneSlug: input.zone,
            cars: input.cars,
            serviceId: input.serviceId,
            now,
          })
        : null;
    return fail(failure.status, { formErrors: [failure.message] }, fresh);
  }
}

type Slots = Awaited<ReturnType<typeof listOpenSlots>> | null;

/** A booking made navigates away: its step 2 data need not load again. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const booked =
    typeof actionResult === "object" &&
    actionResult !== null &&
    (actionResult as { status?: unknown }).status === "booked";
  return booked ? false : defaultShouldRevalidate;
}

const subscribeNothing = () => () => {};

/** False on the server and during hydration, true once the page runs in the browser. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
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
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8 sm:py-12">
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
        {loaderData.step === 1 ? w.vehiclesTitle : w.slotTitle}
      </h1>

      {loaderData.step === 1 ? (
        <VehiclesStep key={location.key} data={loaderData} />
      ) : (
        <SlotStep data={loaderData} actionData={actionData} />
      )}
    </div>
  );
}

/** The bookable region and the car count of the router state, when it holds them. */
function rememberedChoices(state: unknown, regions: readonly Region[]) {
  const parsed = WizardStateSchema.safeParse(state);
  if (!parsed.success) return null;
  const { citySlug, city, cars } = parsed.data;
  const region = regions.find((r) => r.bookable && (r.slug === citySlug || r.name === city));
  return { zone: region?.slug ?? null, cars: cars ?? null };
}

/** Step 1: a region and a number of cars, then Continuer (a GET form: ?zone=&cars=&step=2). */
function VehiclesStep({ data: page }: { data: Extract<LoaderData, { step: 1 }> }) {
  const location = useLocation();
  const hydrated = useHydrated();
  const id = useId();
  const [chosenZone, setZone] = useState<string | null>(null);
  const [chosenCars, setCars] = useState<number | null>(null);

  // What the visitor picks wins, then the URL, then the choices made before (header, zone page,
  // /booking) that arrive in the router state: only the browser has it, so it applies after
  // hydration.
  const remembered = hydrated ? rememberedChoices(location.state, page.regions) : null;
  const zone = chosenZone ?? page.selection.zone ?? remembered?.zone ?? null;
  const cars = chosenCars ?? page.selection.cars ?? remembered?.cars ?? null;
  const ready = zone !== null && cars !== null;
  const errorId = page.error ? `${id}-error` : undefined;
  const hintId = `${id}-hint`;

  return (
    <Form method="get" className="grid gap-8">
      <p className="-mt-4 text-muted-foreground">{w.vehiclesText}</p>
      <input type="hidden" name="step" value="2" />
      {page.serviceParam ? <input type="hidden" name="service" value={page.serviceParam} /> : null}
      {page.error ? (
        <Alert variant="destructive" id={errorId}>
          <AlertDescription className="text-foreground">{page.error}</AlertDescription>
        </Alert>
      ) : null}
      <RegionPicker regions={page.regions} value={zone} onChange={setZone} errorId={errorId} />
      <CarsPicker value={cars} onChange={setCars} errorId={errorId} />
      <div className="grid gap-2 sm:flex sm:items-center sm:gap-4">
        <Button
          type="submit"
          size="lg"
          disabled={hydrated && !ready}
          aria-describedby={hydrated && !ready ? hintId : undefined}
        >
          {w.continue}
        </Button>
        {hydrated && !ready ? (
          <p id={hintId} className="text-sm text-muted-foreground">
            {w.continueHint}
          </p>
        ) : null}
      </div>
    </Form>
  );
}

/** Step 2: the slot, the customer's details, the price, then the booking (POST, intent 'book'). */
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
  const failed = actionData?.status === "failed" ? actionData : null;
  const slots = failed?.slots ?? page.slots;
  const zone = page.slots.zone;
  const cars = page.slots.cars;
  const service = page.service;

  const [form, fields] = useForm({
    id: "booking",
    lastResult: failed?.result,
    defaultValue: {
      zone,
      cars: String(cars),
      serviceId: service?.id,
      name: page.prefill?.name,
      email: page.prefill?.email,
    },
    constraint: getZodConstraint(BookingRequestSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: BookingRequestSchema }),
  });

  useEffect(() => {
    if (actionData?.status === "booked") {
      const { bookingId, cars: bookedCars, citySlug, manageUrl } = actionData;
      void navigate(`/booking-success/${bookingId}`, {
        replace: true,
        state: { cars: bookedCars, citySlug, manageUrl },
      });
    }
  }, [actionData, navigate]);

  // A refusal of the whole form (slot taken, rate limit) is read first.
  useEffect(() => {
    if (failed && errorRef.current?.dataset.hasErrors === "true") errorRef.current.focus();
  }, [failed]);

  const editPath = `?${new URLSearchParams({
    zone,
    cars: String(cars),
    step: "1",
    ...(page.serviceParam ? { service: page.serviceParam } : {}),
  }).toString()}`;
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const hasSlots = slots.days.some((day) => day.slots.length > 0);
  const formErrors = form.errors ?? [];

  return (
    <div className="grid gap-6">
      <div className="-mt-2 flex flex-wrap items-center justify-between gap-3">
        <Badge variant="secondary" className="px-3 py-1 text-sm">
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

      {hasSlots && service ? (
        <Form
          method="post"
          {...getFormProps(form)}
          className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start"
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
            <CustomerForm fields={fields} />
          </div>
          <div className="grid gap-4 lg:sticky lg:top-24">
            <PriceSummary serviceName={service.name} unitPriceCents={service.basePriceCents} cars={cars} />
            <Button type="submit" name="intent" value="book" size="lg" loading={submitting}>
              {w.submit}
            </Button>
          </div>
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
