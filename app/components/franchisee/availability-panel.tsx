import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Plus, Trash2 } from "lucide-react";
import { useId } from "react";
import { useFetcher } from "react-router";

import { Button } from "~/components/ui/button";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { Field } from "~/components/ui/field";
import { Input, inputClasses } from "~/components/ui/input";
import { Switch } from "~/components/ui/switch";
import { formatClock } from "~/lib/format";
import { DEFAULT_AVAILABILITY, AvailabilitySchema } from "~/domain/franchisee/schemas";
import { cn } from "~/lib/utils";
import { useFailureToast, type FranchiseeActionData } from "./action-data";
import { franchiseeMessages } from "~/lib/messages/franchisee.fr";

const t = franchiseeMessages.team;
const a = franchiseeMessages.availability;
const DAYS = franchiseeMessages.days;

import type { TeamMemberItem } from "./member-form";

/** A member's weekly ranges: listed, switched on or off, deleted, added. */
export function AvailabilityPanel({ member }: { member: TeamMemberItem }) {
  const id = useId();
  const fetcher = useFetcher<FranchiseeActionData>();
  const answer = fetcher.data?.intent === "addAvailability" ? fetcher.data : undefined;
  useFailureToast(answer, answer?.result ? undefined : a.addError);
  const confirm = useConfirm();
  const [form, fields] = useForm({
    id: `availability-${member.id}-${id}`,
    lastResult: fetcher.state === "idle" ? (answer?.result ?? null) : null,
    defaultValue: {
      teamMemberId: member.id,
      ...DEFAULT_AVAILABILITY,
      dayOfWeek: String(DEFAULT_AVAILABILITY.dayOfWeek),
    },
    constraint: getZodConstraint(AvailabilitySchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AvailabilitySchema }),
  });
  const rowFetcher = useFetcher<FranchiseeActionData>();
  useFailureToast(rowFetcher.data);
  const name = `${member.firstName} ${member.lastName}`;

  return (
    <section aria-labelledby={`${form.id}-title`} className="grid gap-3 rounded-md border p-3">
      <h4 id={`${form.id}-title`} className="text-sm font-semibold">
        {t.availability(name)}
      </h4>
      {member.availability.length === 0 ? (
        <p className="text-sm text-muted-foreground">{a.empty}</p>
      ) : (
        <ul className="grid gap-2">
          {member.availability.map((range) => {
            const label = a.range(
              DAYS[range.dayOfWeek] ?? "",
              formatClock(range.startTime),
              formatClock(range.endTime),
            );
            return (
              <li key={range.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span className={cn(!range.isAvailable && "text-muted-foreground line-through")}>
                  {label}
                </span>
                <span className="flex items-center gap-2">
                  <Switch
                    checked={range.isAvailable}
                    aria-label={a.toggle(label)}
                    onCheckedChange={(checked) =>
                      void rowFetcher.submit(
                        {
                          intent: "toggleAvailability",
                          availabilityId: range.id,
                          isAvailable: String(checked),
                        },
                        { method: "post" },
                      )
                    }
                  />
                  <span className="w-20 text-xs text-muted-foreground">
                    {range.isAvailable ? a.available : a.unavailable}
                  </span>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={a.remove(label)}
                    onClick={async () => {
                      const ok = await confirm({
                        title: a.confirmDeleteTitle,
                        description: label,
                        confirmText: a.confirmDeleteButton,
                        type: "destructive",
                      });
                      if (ok) {
                        void rowFetcher.submit(
                          { intent: "deleteAvailability", availabilityId: range.id },
                          { method: "post" },
                        );
                      }
                    }}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <fetcher.Form
        method="post"
        {...getFormProps(form)}
        className="grid gap-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end"
      >
        <input type="hidden" name="intent" value="addAvailability" />
        <input type="hidden" name={fields.teamMemberId.name} value={member.id} />
        <Field label={a.day} id={fields.dayOfWeek.id} error={fields.dayOfWeek.errors}>
          <select
            id={fields.dayOfWeek.id}
            name={fields.dayOfWeek.name}
            defaultValue={String(DEFAULT_AVAILABILITY.dayOfWeek)}
            key={fields.dayOfWeek.key}
            className={cn(inputClasses, "h-10")}
          >
            {DAYS.map((day, index) => (
              <option key={day} value={index}>
                {day}
              </option>
            ))}
          </select>
        </Field>
        <Field label={a.start} id={fields.startTime.id} error={fields.startTime.errors}>
          <Input {...getInputProps(fields.startTime, { type: "time", ariaAttributes: false })} step={300} />
        </Field>
        <Field label={a.end} id={fields.endTime.id} error={fields.endTime.errors}>
          <Input {...getInputProps(fields.endTime, { type: "time", ariaAttributes: false })} step={300} />
        </Field>
        {/* The fields span two rows (label, control; ADR 047): the button sits on the controls' row. */}
        <Button
          type="submit"
          variant="outline"
          loading={fetcher.state !== "idle"}
          className="sm:col-start-4 sm:row-start-2 sm:self-start"
        >
          {fetcher.state !== "idle" ? null : <Plus aria-hidden="true" />}
          {a.add}
        </Button>
      </fetcher.Form>
    </section>
  );
}
