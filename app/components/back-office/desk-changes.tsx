import { CalendarClock, Ban, Car } from "lucide-react";
import { Form, useNavigation, useSubmit } from "react-router";
import { NativeSelect } from "~/components/admin/native-select";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { DESK_REASON_MAX, type DeskActionData, type DeskBookingData } from "~/domain/booking/desk-schemas";
import { formatMoney } from "~/lib/format";
import { formatTime } from "~/domain/time/format-instant";
import { useHydrated } from "~/lib/use-hydrated";
import { backOfficeMessages } from "~/lib/messages/back-office.fr";

// The booking desk's changes (ADR 052): move, change cars and extras, cancel, each with a reason.

const d = backOfficeMessages.desk;

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

/** The booking's three changes (ADR 052): move it, change its cars and extras, cancel it; each with a reason. */
export function DeskChanges({
  id,
  booking,
  day,
  slots,
  actionData,
}: {
  id: string;
  booking: DeskBookingData;
  day: string;
  slots: { start: string; end: string }[];
  actionData: DeskActionData | undefined;
}) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const busy = navigation.state === "submitting";
  const a = booking.appointment;
  // A new key after each saved change empties the reason boxes (issue 33, item 9).
  const formKey = `${String(a.startAt)}-${booking.changes.length}`;
  const errorOf = (intent: string) => (actionData?.intent === intent ? actionData : undefined);
  const chosenExtras = new Set(booking.extras.map((e) => e.name));
  return (
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

      <section className="grid content-start gap-3 rounded-lg border p-4" aria-labelledby={`${id}-change`}>
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

      <section className="grid content-start gap-3 rounded-lg border p-4" aria-labelledby={`${id}-cancel`}>
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
  );
}
