import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Plus, Trash2 } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";

import { Button } from "~/components/ui/button";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { TIME_OFF_REASON_MAX, TimeOffSchema } from "~/domain/franchisee/schemas";
import { formatDay } from "~/lib/format";
import { franchiseeMessages } from "~/lib/messages/franchisee.fr";
import { useFailureToast, type FranchiseeActionData } from "./action-data";
import type { TeamMemberItem } from "./member-form";

const o = franchiseeMessages.timeOff;

/**
 * A member's time off (ADR 104): the coming ones listed, each deleted after a confirmation, and
 * a form of first day, last day and reason. Their slots of those days are no longer offered.
 */
export function TimeOffPanel({ member }: { member: TeamMemberItem }) {
  const id = useId();
  const fetcher = useFetcher<FranchiseeActionData>();
  const answer = fetcher.data?.intent === "addTimeOff" ? fetcher.data : undefined;
  useFailureToast(answer, answer?.result ? undefined : o.addError);
  const rowFetcher = useFetcher<FranchiseeActionData>();
  useFailureToast(rowFetcher.data);
  const confirm = useConfirm();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, fields] = useForm({
    id: `time-off-${member.id}-${id}`,
    lastResult: fetcher.state === "idle" ? (answer?.result ?? null) : null,
    defaultValue: { teamMemberId: member.id },
    constraint: getZodConstraint(TimeOffSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TimeOffSchema }),
  });
  // A creation form is emptied once saved (issue 33, item 13).
  useEffect(() => {
    if (fetcher.state === "idle" && answer?.ok) formRef.current?.reset();
  }, [fetcher.state, answer]);
  const name = `${member.firstName} ${member.lastName}`;
  const timeOff = member.timeOff ?? [];

  return (
    <section aria-labelledby={`${form.id}-title`} className="grid gap-3 rounded-md border p-3">
      <h4 id={`${form.id}-title`} className="text-sm font-semibold">
        {o.title(name)}
      </h4>
      {timeOff.length === 0 ? (
        <p className="text-sm text-muted-foreground">{o.empty}</p>
      ) : (
        <ul className="grid gap-2">
          {timeOff.map((off) => {
            const label = o.range(formatDay(off.startsOn, "long"), formatDay(off.endsOn, "long"));
            return (
              <li key={off.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span>
                  {label} · {off.reason}
                </span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={o.remove(label)}
                  onClick={async () => {
                    const ok = await confirm({
                      title: o.confirmDeleteTitle,
                      description: `${label} · ${off.reason}`,
                      confirmText: o.confirmDeleteButton,
                      type: "destructive",
                    });
                    if (ok)
                      void rowFetcher.submit(
                        { intent: "deleteTimeOff", timeOffId: off.id },
                        { method: "post" },
                      );
                  }}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <fetcher.Form
        method="post"
        ref={formRef}
        {...getFormProps(form)}
        className="grid gap-3 sm:grid-cols-[auto_auto_1fr_auto] sm:items-end"
      >
        <input type="hidden" name="intent" value="addTimeOff" />
        <input type="hidden" name={fields.teamMemberId.name} value={member.id} />
        <Field label={o.from} id={fields.startsOn.id} error={fields.startsOn.errors}>
          <Input {...getInputProps(fields.startsOn, { type: "date", ariaAttributes: false })} />
        </Field>
        <Field label={o.to} id={fields.endsOn.id} error={fields.endsOn.errors}>
          <Input {...getInputProps(fields.endsOn, { type: "date", ariaAttributes: false })} />
        </Field>
        <Field label={o.reason} id={fields.reason.id} error={fields.reason.errors}>
          <Input
            {...getInputProps(fields.reason, { type: "text", ariaAttributes: false })}
            maxLength={TIME_OFF_REASON_MAX}
            placeholder={o.reasonPlaceholder}
          />
        </Field>
        {/* The fields span two rows (label, control; ADR 047): the button sits on the controls' row. */}
        <Button
          type="submit"
          variant="outline"
          loading={fetcher.state !== "idle"}
          className="sm:col-start-4 sm:row-start-2 sm:self-start"
        >
          {fetcher.state !== "idle" ? null : <Plus aria-hidden="true" />}
          {o.add}
        </Button>
      </fetcher.Form>
    </section>
  );
}
