import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Car, Pencil } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { z } from "~/lib/zod-fr";
import { BookingSummary, SummaryBar } from "~/components/booking/wizard/booking-summary";
import { CustomerForm } from "~/components/booking/wizard/customer-form";
import { ExtrasPicker } from "~/components/booking/wizard/extras-picker";
import { FREED_TIME_ID, FreedTimeForm } from "./freed-time-form";
import { GiftCardField, useRememberedGiftCard } from "./gift-card-field";
import { PromoCodeField } from "~/components/booking/wizard/promo-code-field";
import { SlotPicker } from "~/components/booking/wizard/slot-picker";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { BookingRequestSchema } from "~/domain/booking/schemas";
import { BUSINESS } from "~/lib/business";
import { freedTimeMessages } from "~/lib/messages/freed-time.fr";
import { serviceAreaMessages } from "~/lib/messages/service-area.fr";
import { wizardMessages } from "~/lib/messages/wizard.fr";
import { useHydrated } from "~/lib/use-hydrated";
import type { WizardActionData, WizardLoaderData } from "~/routes/booking/wizard-types";
import { focusInView } from "./focus-in-view";
import { findSlot } from "./slot-format";
import { useRememberedDetails } from "./remembered-details";

const w = wizardMessages;
/** The booking form's check in the browser: the shared schema. */
const validateBooking = (formData: FormData) => parseWithZod(formData, { schema: BookingRequestSchema });
/**
 * Step 2: the time, the extras, the customer's details (address and postal code pre-filled),
 * and the summary kept in view (sticky beside the form on a desktop, a bar at the bottom of a
 * phone), then the booking (POST, intent 'book').
 */
export function SlotStep({
  data: page,
  actionData,
}: {
  data: Extract<WizardLoaderData, { step: 2 }>;
  actionData: WizardActionData;
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
      phone: page.prefill?.phone || undefined,
      address: page.address,
      postalCode: page.postalCode,
      promoCode: page.promo ?? undefined,
      // A freed time's link (ADR 091): the time chosen; taken meanwhile, the picker says so.
      start: page.start ?? undefined,
      // Texts about the booking are asked apart from offers, and offered ticked (ADR 014).
      serviceTexts: "on",
    },
    constraint: getZodConstraint(BookingRequestSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // 'Appliquer' (intent promo) checks only the code, on the server: the rest may be unfinished.
    onValidate: ({ formData }) =>
      // « Modifier » (intent edit) only carries the time and the extras back to step 1.
      formData.get("intent") === "promo" || formData.get("intent") === "edit"
        ? (parseWithZod(formData, { schema: z.looseObject({}) }) as unknown as ReturnType<
            typeof validateBooking
          >)
        : validateBooking(formData),
  });

  // What the summary repeats: the chosen time, the extras and the address, as they change.
  const [start, setStart] = useState<string | null>(
    () => fields.start.initialValue ?? page.kept.start ?? null,
  );
  // Back from « Modifier » (issue 33): the extras still offered stay chosen.
  const [extras, setExtras] = useState<ReadonlySet<string>>(() => new Set(page.kept.extras));
  const [address, setAddress] = useState(page.address);

  // A visitor's details kept on this device, with their consent (ADR 107); a client's come from
  // the server (page.prefill).
  const remembered = useRememberedDetails(hydrated && !page.prefill, fields, (name, value) => {
    if (name === fields.address.name) setAddress(value);
  });
  const onBooked = remembered.onBooked;

  useEffect(() => {
    if (actionData?.status === "booked") {
      onBooked();
      const { bookingId, cars: bookedCars, citySlug, manageUrl } = actionData;
      void navigate(`/booking-success/${bookingId}`, {
        replace: true,
        state: { cars: bookedCars, citySlug, manageUrl },
      });
    }
  }, [actionData, navigate, onBooked]);

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

  const editPath = `?${new URLSearchParams([
    ...Object.entries({
      ...(page.where ? { where: page.where } : { zone }),
      cars: String(cars),
      step: "1",
      ...(page.serviceParam ? { service: page.serviceParam } : {}),
      ...(page.promo ? { promo: page.promo } : {}),
    }),
    ...page.choice.vehicleIds.map((id) => ["vehicle", id]),
    ...page.choice.sizes.map((slug) => ["size", slug]),
  ]).toString()}`;
  // Back from « Modifier »: the gift card code typed before comes back into its empty field.
  const rememberGiftCard = useRememberedGiftCard(formRef, fields.giftCardCode.name);
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const hasSlots = slots.days.some((day) => day.slots.length > 0);
  const formErrors = form.errors ?? [];
  const formProps = getFormProps(form);
  const summary = service
    ? {
        serviceName: service.name,
        unitPriceCents: service.basePriceCents,
        cars,
        vehicles: page.vehicles,
        zoneName: page.city,
        slot: findSlot(slots.days, start),
        durationMinutes: slots.duration_minutes,
        address: [address, page.postalCode && !address.includes(page.postalCode) ? page.postalCode : ""]
          .filter(Boolean)
          .join(" "),
        extras: page.extras.filter((e) => extras.has(e.slug)),
        promo: promoAnswer?.promo ?? null,
        payment: page.payment,
        member: page.member,
      }
    : null;

  return (
    <div className="grid gap-6">
      {hasSlots && service ? (
        // The form's default button (the first in the tree, before « Modifier » which belongs to
        // the form too): Enter in any field books, not 'Appliquer' nor « Modifier ». Out of the
        // tab order and of the a11y tree.
        <button
          type="submit"
          form={form.id}
          name="intent"
          value="book"
          tabIndex={-1}
          aria-hidden="true"
          className="sr-only"
        >
          {w.submit}
        </button>
      ) : null}
      <div className="-mt-2 flex flex-wrap items-center justify-between gap-3">
        <Badge variant="secondary" className="h-auto max-w-full px-3 py-1 text-sm whitespace-normal">
          <Car aria-hidden="true" />
          {w.summaryBadge(serviceAreaMessages.cars(cars), page.city)}
        </Badge>
        {hasSlots && service ? (
          // A post of the booking form (issue 33): the time and the extras chosen come back to
          // step 1 and forward again, without JavaScript too; the details typed stay out of the URL.
          <Button
            type="submit"
            form={form.id}
            formAction={editPath}
            formMethod="post"
            formNoValidate
            name="intent"
            value="edit"
            variant="outline"
            onClick={rememberGiftCard}
          >
            <Pencil aria-hidden="true" />
            {w.editServices}
          </Button>
        ) : (
          <Button asChild variant="outline">
            <Link to={editPath}>
              <Pencil aria-hidden="true" />
              {w.editServices}
            </Link>
          </Button>
        )}
      </div>

      {page.keptNotice ? (
        <Alert data-testid="kept-notice">
          <AlertDescription className="text-foreground">{page.keptNotice}</AlertDescription>
        </Alert>
      ) : null}

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
          {...formProps}
          onSubmit={(event) => {
            remembered.onSubmit(event);
            formProps.onSubmit(event);
          }}
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
          {/* The cars as chosen at step 1 (ADR 085): saved vehicles, or a size class per car. */}
          {page.choice.vehicleIds.map((id) => (
            <input key={id} type="hidden" name={fields.vehicleIds.name} value={id} />
          ))}
          {page.choice.sizes.map((slug, index) => (
            <input key={index} type="hidden" name={fields.sizes.name} value={slug} />
          ))}
          {hydrated ? <input type="hidden" name="navigation" value="client" /> : null}
          {/* This form's own key (ADR 068): a double submit or a retry books once. */}
          <input type="hidden" name="requestKey" value={page.requestKey} />
          <div className="grid gap-10">
            <SlotPicker
              key={slots === page.slots ? "loaded" : "fresh"}
              name={fields.start.name}
              days={slots.days}
              durationMinutes={slots.duration_minutes}
              // After a refusal in the browser, `value` holds the start sent (the picker names it if taken).
              defaultValue={fields.start.value ?? fields.start.initialValue ?? page.kept.start ?? undefined}
              error={fields.start.errors}
              errorId={fields.start.errorId}
              phone={BUSINESS.phone}
            />
            {/* The request form sits after this form (forms do not nest): a link down to it. */}
            <a
              href={`#${FREED_TIME_ID}`}
              onClick={() => document.getElementById(FREED_TIME_ID)?.setAttribute("open", "")}
              className="-mt-6 justify-self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              {freedTimeMessages.toggle}
            </a>
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
            <CustomerForm fields={fields}>{remembered.element}</CustomerForm>
            {/* Before the booking button at every width (issue 33, ADR 084): last of the main
                column, so the phone reaches it before « Confirmer la réservation » and the
                sticky summary column stays short enough that its button never moves. */}
            <PromoCodeField field={fields.promoCode} applied={promoAnswer?.promo?.code ?? null} />
            <GiftCardField field={fields.giftCardCode} />
          </div>
          <div className="grid gap-4 lg:sticky lg:top-24">
            <BookingSummary input={summary} />
            <Button type="submit" name="intent" value="book" size="lg" loading={submitting}>
              {w.submit}
            </Button>
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
      {/* No time suits (ADR 091): be told when a cancellation frees one on chosen days. */}
      <FreedTimeForm
        zone={zone}
        zoneName={page.city}
        cars={cars}
        days={page.freedDays}
        email={page.prefill?.email}
        phone={page.prefill?.phone || undefined}
        answer={
          actionData?.status === "freed-time" || actionData?.status === "freed-time-failed"
            ? actionData
            : undefined
        }
      />
    </div>
  );
}
