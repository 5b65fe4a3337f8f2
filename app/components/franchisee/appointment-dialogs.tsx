import { useId } from "react";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { inputClasses } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { CANCEL_REASON_MAX } from "~/domain/franchisee/schemas";
import { BUSINESS_TIME_ZONE, instantToZonedParts } from "~/domain/time/zoned";
import { franchiseeMessages } from "~/lib/messages/franchisee.fr";
import { cn } from "~/lib/utils";

const s = franchiseeMessages.schedule;

/**
 * « Déplacer » on a schedule's card (ADR 104): a member (those free at its time marked), a day
 * and a start, posted as the drag and drop's move; a refused move is said here, the form kept.
 */
export function MoveDialog({
  open,
  onOpenChange,
  title,
  appointment,
  members,
  error,
  busy,
  onMove,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Its member, the members free at its time, and its start (a ScheduleItem). */
  appointment: { teamMemberId?: string; reassignTo: { id: string }[]; startAt: string | Date };
  members: { id: string; name: string }[];
  /** Why the last move was refused, while the form is open. */
  error: string | null;
  busy: boolean;
  onMove: (values: { teamMemberId: string; date: string; time: string }) => void;
}) {
  const id = useId();
  const start = new Date(appointment.startAt);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{s.moveTitle}</DialogTitle>
          <DialogDescription>
            {title}. {s.moveText}
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            onMove({
              teamMemberId: String(form.get("teamMemberId") ?? ""),
              date: String(form.get("date") ?? ""),
              time: String(form.get("time") ?? ""),
            });
          }}
        >
          <Field label={s.moveMember} id={`${id}-move-member`}>
            <select
              id={`${id}-move-member`}
              name="teamMemberId"
              required
              defaultValue={appointment.teamMemberId}
              className={cn(inputClasses, "h-10")}
            >
              {members.map((m) => (
                <option key={m.id} value={m.id}>
                  {appointment.reassignTo.some((r) => r.id === m.id) ? s.moveMemberFree(m.name) : m.name}
                </option>
              ))}
            </select>
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={s.moveDate} id={`${id}-move-date`}>
              <input
                id={`${id}-move-date`}
                name="date"
                type="date"
                required
                defaultValue={instantToZonedParts(start, BUSINESS_TIME_ZONE).date}
                className={cn(inputClasses, "h-10")}
              />
            </Field>
            <Field label={s.moveTime} id={`${id}-move-time`}>
              <input
                id={`${id}-move-time`}
                name="time"
                type="time"
                step={1800}
                required
                defaultValue={instantToZonedParts(start, BUSINESS_TIME_ZONE).time.slice(0, 5)}
                className={cn(inputClasses, "h-10")}
              />
            </Field>
          </div>
          {error ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {s.moveKeep}
            </Button>
            <Button type="submit" loading={busy}>
              {s.moveConfirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** « Annuler le rendez-vous » on a schedule's card: the reason is required and told to the customer. */
export function CancelDialog({
  open,
  onOpenChange,
  title,
  onCancel,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  onCancel: (reason: string) => void;
}) {
  const id = useId();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{s.cancelTitle}</DialogTitle>
          <DialogDescription>{title}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            const reason = String(new FormData(event.currentTarget).get("reason") ?? "").trim();
            onCancel(reason);
          }}
        >
          <Field label={s.cancelReason} id={`${id}-reason`} required>
            <Textarea id={`${id}-reason`} name="reason" rows={3} required maxLength={CANCEL_REASON_MAX} />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {s.cancelKeep}
            </Button>
            <Button type="submit" variant="destructive">
              {s.cancelConfirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
