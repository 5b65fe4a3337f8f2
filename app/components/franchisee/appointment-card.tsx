import { Ban, Car, CheckCircle2, MapPin, MoveRight, Truck, TriangleAlert, User, UserX } from "lucide-react";
import { useId, useState } from "react";
import { Link, useFetcher } from "react-router";
import type { WeatherReason } from "~/domain/weather/schemas";
import { weatherMessages } from "~/lib/messages/weather.fr";

import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { ContactLinks } from "~/components/back-office/contact-links";
import { formatMoney } from "~/lib/format";
import { formatTime } from "~/domain/time/format-instant";
import { formatPhone } from "~/lib/phone";
import { canCompleteAt } from "~/domain/franchisee/completion";
import { useFailureToast, type FranchiseeActionData } from "./action-data";
import { CancelDialog, MoveDialog } from "./appointment-dialogs";
import { franchiseeMessages } from "~/lib/messages/franchisee.fr";
import { afterWashMessages } from "~/lib/messages/after-wash.fr";
import { crewMessages } from "~/lib/messages/crew.fr";
import type { CrewStep } from "~/domain/crew/status";

const s = franchiseeMessages.schedule;

export interface ScheduleItem {
  id: string;
  bookingId: string;
  status: "scheduled" | "completed" | "cancelled" | "no_show";
  startAt: string | Date;
  endAt: string | Date;
  zoneName: string;
  teamMemberId?: string;
  memberName: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  address: string;
  city: string | null;
  postalCode: string | null;
  cars: number;
  priceCents: number;
  extras: string[];
  cancelReason: string | null;
  reassignTo: { id: string; name: string }[];
  /** A charge refused on the card kept (ADR 079). */
  refusedPayment?: string | null;
  /** The crew's last step at this stop (ADR 078), if any. */
  crewStep?: { status: CrewStep; at: string | Date; byName: string } | null;
  /** The crew will reach this stop after its start (ADR 078). */
  late?: { expectedArrivalAt: string | Date; minutesLate: number } | null;
  /** A day moved for the weather (ADR 090): waiting for the customer's new time, or rebooked. */
  weather?: { reason: WeatherReason; status: "waiting" | "rebooked" } | null;
}

const STATUS_VARIANT = {
  scheduled: "default",
  completed: "success",
  cancelled: "destructive",
  no_show: "secondary",
} as const;

/** The street address with its postal code (once), for the directions link. */
function fullAddress(a: Pick<ScheduleItem, "address" | "postalCode">): string {
  return a.postalCode && !a.address.includes(a.postalCode) ? `${a.address} ${a.postalCode}` : a.address;
}

/**
 * One appointment of the schedule with its actions, each confirmed first. Its title opens the
 * booking page; « Déplacer » moves it to a member and a time (the keyboard's and the phone's way
 * to do what a drag does on the grid, ADR 104).
 */
export function AppointmentCard({
  appointment,
  now,
  members = [],
}: {
  appointment: ScheduleItem;
  now: number;
  /** The team, for « Déplacer ». */
  members?: { id: string; name: string }[];
}) {
  const fetcher = useFetcher<FranchiseeActionData>();
  const moveAnswer = fetcher.data?.intent === "move" ? fetcher.data : undefined;
  // A refused move is said in its form, which stays open with what was chosen.
  useFailureToast(moveAnswer ? undefined : fetcher.data);
  const confirm = useConfirm();
  const [dialog, setDialog] = useState<"cancel" | "move" | null>(null);
  // The answer there was when « Déplacer » opened: a newer successful one closes the form.
  const [openedWith, setOpenedWith] = useState<unknown>(undefined);
  const moveOpen = dialog === "move" && !(moveAnswer?.ok && moveAnswer !== openedWith);
  const id = useId();
  const start = new Date(appointment.startAt);
  const end = new Date(appointment.endAt);
  const busy = fetcher.state !== "idle";
  const scheduled = appointment.status === "scheduled";
  const started = canCompleteAt(start, new Date(now));
  const title = `${formatTime(start)} – ${formatTime(end)} · ${appointment.customerName}`;
  const submit = (values: Record<string, string>) =>
    void fetcher.submit({ ...values, appointmentId: appointment.id }, { method: "post" });

  return (
    <li
      id={`rdv-${appointment.id}`}
      className="grid scroll-mt-20 gap-3 rounded-lg border p-4 target:ring-2 target:ring-primary"
      aria-labelledby={`${id}-title`}
      data-booking-id={appointment.bookingId}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={`${id}-title`} className="font-semibold">
          <Link
            to={`/franchisee/bookings/${appointment.bookingId}`}
            className="underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            {title}
            <span className="sr-only"> ({s.openBooking})</span>
          </Link>
        </h3>
        <div className="flex flex-wrap gap-2">
          <Badge variant={STATUS_VARIANT[appointment.status]}>{s.status[appointment.status]}</Badge>
          {appointment.weather ? (
            <Badge
              variant={appointment.weather.status === "rebooked" ? "success" : "outline"}
              data-testid="weather-badge"
            >
              {appointment.weather.status === "rebooked"
                ? weatherMessages.schedule.rebooked(weatherMessages.reasons[appointment.weather.reason])
                : weatherMessages.schedule.waiting(weatherMessages.reasons[appointment.weather.reason])}
            </Badge>
          ) : null}
          {appointment.refusedPayment ? (
            <Badge variant="destructive">
              {afterWashMessages.franchisee.refused(appointment.refusedPayment)}
            </Badge>
          ) : null}
        </div>
      </div>
      <CrewProgress appointment={appointment} />
      <dl className="grid gap-1 text-sm sm:grid-cols-2">
        <div className="flex gap-2">
          <dt>
            <User aria-hidden="true" className="mt-0.5 size-4 text-muted-foreground" />
            <span className="sr-only">{s.customer}</span>
          </dt>
          <dd>
            {appointment.customerName} ·{" "}
            <span className="whitespace-nowrap">{formatPhone(appointment.customerPhone)}</span> ·{" "}
            <span className="break-all">{appointment.customerEmail}</span>
          </dd>
        </div>
        <div className="flex gap-2">
          <dt>
            <MapPin aria-hidden="true" className="mt-0.5 size-4 text-muted-foreground" />
            <span className="sr-only">{s.address}</span>
          </dt>
          <dd>
            {appointment.address}
            {appointment.postalCode && !appointment.address.includes(appointment.postalCode)
              ? ` ${appointment.postalCode}`
              : ""}
          </dd>
        </div>
        <div className="flex gap-2">
          <dt>
            <Car aria-hidden="true" className="mt-0.5 size-4 text-muted-foreground" />
            <span className="sr-only">{s.extras}</span>
          </dt>
          <dd>
            {s.cars(appointment.cars)} ·{" "}
            {appointment.extras.length > 0 ? appointment.extras.join(", ") : s.noExtras}
          </dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-muted-foreground">{s.member} :</dt>
          <dd className="font-medium">{appointment.memberName}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-muted-foreground">{s.price} :</dt>
          <dd>{formatMoney(appointment.priceCents)}</dd>
        </div>
        {appointment.cancelReason ? (
          <div className="sm:col-span-2">
            <dt className="sr-only">{s.cancelReason}</dt>
            <dd className="text-muted-foreground">{s.cancelReasonShown(appointment.cancelReason)}</dd>
          </div>
        ) : null}
      </dl>
      <ContactLinks
        name={appointment.customerName}
        phone={appointment.customerPhone}
        email={appointment.customerEmail}
        address={fullAddress(appointment)}
      />
      {scheduled ? (
        <div className="flex flex-wrap gap-2" role="group" aria-label={`${s.actions} : ${title}`}>
          {/* Points are credited at once: offered only from the appointment's start (ADR 043). */}
          {started ? (
            <Button
              type="button"
              size="sm"
              loading={busy}
              onClick={async () => {
                const ok = await confirm({
                  title: s.completeTitle,
                  description: s.completeText,
                  confirmText: s.complete,
                });
                if (ok) submit({ intent: "complete" });
              }}
            >
              {busy ? null : <CheckCircle2 aria-hidden="true" />}
              {s.complete}
            </Button>
          ) : null}
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => {
              setOpenedWith(fetcher.data);
              setDialog("move");
            }}
            aria-label={s.moveNamed(title)}
          >
            <MoveRight aria-hidden="true" />
            {s.move}
          </Button>
          {started ? (
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={async () => {
                const ok = await confirm({
                  title: s.noShowTitle,
                  description: s.noShowText,
                  confirmText: s.noShow,
                });
                if (ok) submit({ intent: "noShow" });
              }}
            >
              <UserX aria-hidden="true" />
              {s.noShow}
            </Button>
          ) : null}
          <Button
            type="button"
            size="sm"
            variant="destructive"
            disabled={busy}
            onClick={() => setDialog("cancel")}
          >
            <Ban aria-hidden="true" />
            {s.cancel}
          </Button>
        </div>
      ) : null}

      <MoveDialog
        open={moveOpen}
        onOpenChange={(open) => setDialog(open ? "move" : null)}
        title={title}
        appointment={appointment}
        members={members}
        error={
          moveAnswer && !moveAnswer.ok && moveAnswer !== openedWith && fetcher.state === "idle"
            ? (moveAnswer.error ?? null)
            : null
        }
        busy={busy}
        onMove={(values) => submit({ intent: "move", ...values })}
      />
      <CancelDialog
        open={dialog === "cancel"}
        onOpenChange={(open) => setDialog(open ? "cancel" : null)}
        title={title}
        onCancel={(reason) => {
          setDialog(null);
          submit({ intent: "cancel", reason });
        }}
      />
    </li>
  );
}

/** The crew's last step and the late flag of a stop (ADR 078), refreshed by the schedule's polling. */
function CrewProgress({ appointment }: { appointment: Pick<ScheduleItem, "crewStep" | "late" | "status"> }) {
  const c = crewMessages;
  const { crewStep, late } = appointment;
  if (!crewStep && !(late && appointment.status === "scheduled")) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm" data-testid="crew-progress">
      {crewStep ? (
        <p className="flex items-center gap-1.5 font-medium">
          <Truck aria-hidden="true" className="size-4 text-primary" />
          <span className="sr-only">{c.schedule.status} :</span>
          {c.status.done(c.status.steps[crewStep.status], formatTime(crewStep.at))}
        </p>
      ) : null}
      {late &&
      appointment.status === "scheduled" &&
      crewStep?.status !== "arrived" &&
      crewStep?.status !== "started" &&
      crewStep?.status !== "finished" ? (
        <p className="flex items-center gap-1.5 font-medium text-destructive">
          <TriangleAlert aria-hidden="true" className="size-4" />
          {c.schedule.late(formatTime(late.expectedArrivalAt), late.minutesLate)}
        </p>
      ) : null}
    </div>
  );
}
