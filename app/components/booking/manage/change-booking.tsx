import { CalendarClock, CalendarX } from "lucide-react";
import { useState } from "react";
import type { useFetcher } from "react-router";

import { SlotPicker, type SlotDay } from "~/components/booking/wizard/slot-picker";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { BUSINESS } from "~/lib/business";
import { useHydrated } from "~/lib/use-hydrated";
import { manageBookingMessages } from "~/lib/messages/manage-booking.fr";
import { formatDateTime } from "./manage-format";
import type { ManageActionResult, ManagedAppointment } from "./types";

const t = manageBookingMessages;

type ManageFetcher = ReturnType<typeof useFetcher<ManageActionResult>>;

export interface OpenSlotsForChange {
  durationMinutes: number;
  days: readonly SlotDay[];
}

/** Cancel (after a confirmation) or move the booking, until 24 h before its start. */
export function ChangeBooking({
  fetcher,
  token,
  appointment,
  slots,
}: {
  fetcher: ManageFetcher;
  token: string;
  appointment: ManagedAppointment;
  slots: OpenSlotsForChange;
}) {
  const confirm = useConfirm();
  // Both buttons act through JavaScript (a confirmation, the picker): until the page has hydrated
  // they show that they are not ready yet rather than ignore a press (ADR 040).
  const hydrated = useHydrated();
  // The picker remembers the answer it was opened after: a newer success closes it.
  const [picker, setPicker] = useState<{ openedAfter: ManageActionResult | undefined } | null>(null);
  const busy = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const rescheduling = picker !== null && !(result?.ok && result !== picker.openedAfter);
  const setRescheduling = (open: boolean) => setPicker(open ? { openedAfter: fetcher.data } : null);
  // A lost time stays known while the next choice is sent (fetcher.data lasts until replaced).
  const taken = fetcher.data && !fetcher.data.ok ? fetcher.data.taken : undefined;

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
        <CardDescription>{t.deadline(formatDateTime(appointment.selfServiceDeadline))}</CardDescription>
      </CardHeader>
      {result && !result.ok && !(rescheduling && result.taken) ? (
        <CardContent>
          <Alert variant="destructive">
            <AlertDescription className="text-foreground">{result.error}</AlertDescription>
          </Alert>
        </CardContent>
      ) : null}
      {rescheduling ? (
        <CardContent>
          <Reschedule
            key={taken ?? "first"}
            fetcher={fetcher}
            token={token}
            appointment={appointment}
            slots={slots}
            taken={taken}
            onClose={() => setRescheduling(false)}
          />
        </CardContent>
      ) : null}
      <CardFooter className="flex-col items-stretch gap-3 sm:flex-row">
        {rescheduling ? null : (
          <Button variant="outline" onClick={() => setRescheduling(true)} disabled={busy} loading={!hydrated}>
            <CalendarClock aria-hidden="true" />
            {t.reschedule}
          </Button>
        )}
        <Button variant="destructive" onClick={() => void cancel()} disabled={busy} loading={!hydrated}>
          <CalendarX aria-hidden="true" />
          {t.cancel}
        </Button>
      </CardFooter>
    </Card>
  );
}

/** The shared day-then-time picker, opened on the appointment's day with its time marked. */
function Reschedule({
  fetcher,
  token,
  appointment,
  slots,
  taken,
  onClose,
}: {
  fetcher: ManageFetcher;
  token: string;
  appointment: ManagedAppointment;
  slots: OpenSlotsForChange;
  taken: string | undefined;
  onClose: () => void;
}) {
  const submitting = fetcher.state !== "idle" && fetcher.formData?.get("intent") === "reschedule";
  const hasSlots = slots.days.some((day) => day.slots.length > 0);

  if (!hasSlots) {
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
      <SlotPicker
        name="start"
        days={slots.days}
        durationMinutes={slots.durationMinutes}
        errorId="reschedule-error"
        phone={BUSINESS.phone}
        current={appointment.start}
        taken={taken}
        refresh={{ zone: appointment.zone.slug, cars: appointment.cars }}
        legend={t.rescheduleLegend}
        required
      />
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
