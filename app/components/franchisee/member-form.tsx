import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Pencil, UserPlus } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";

import { FormErrors } from "~/components/forms/form-errors";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { TeamMemberSchema } from "~/domain/franchisee/schemas";
import { useFailureToast, type FranchiseeActionData } from "./action-data";
import { franchiseeMessages } from "~/lib/messages/franchisee.fr";

const t = franchiseeMessages.team;

export interface TeamMemberItem {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  /** Invited to the crew's app (ADR 077). */
  hasCrewAccount: boolean;
  availability: { id: string; dayOfWeek: number; startTime: string; endTime: string; isAvailable: boolean }[];
  /** Their coming time off (ADR 104). */
  timeOff?: { id: string; startsOn: string; endsOn: string; reason: string }[];
}

/** Add or edit a member: first name, last name and e-mail required, phone optional. */

/** Add or edit a member: first name, last name and e-mail required, phone optional. */
export function MemberForm({ member, onDone }: { member?: TeamMemberItem; onDone?: () => void }) {
  const id = useId();
  const fetcher = useFetcher<FranchiseeActionData>();
  const intent = member ? "updateMember" : "addMember";
  const answer = fetcher.data?.intent === intent ? fetcher.data : undefined;
  useFailureToast(answer);
  const [form, fields] = useForm({
    id: `member-${member?.id ?? "new"}-${id}`,
    lastResult: fetcher.state === "idle" ? (answer?.result ?? null) : null,
    defaultValue: member
      ? {
          firstName: member.firstName,
          lastName: member.lastName,
          email: member.email,
          phone: member.phone ?? "",
        }
      : undefined,
    constraint: getZodConstraint(TeamMemberSchema),
    // Nothing is said before the first submit; then each field is checked again as it changes.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TeamMemberSchema }),
  });
  // Once a saved answer is back and the page revalidated (idle), a new member's form empties
  // (issue 33, item 13); each answer is acted on once.
  const handled = useRef<FranchiseeActionData | undefined>(undefined);
  useEffect(() => {
    if (fetcher.state === "idle" && answer?.ok && handled.current !== answer) {
      handled.current = answer;
      if (!member) form.reset();
      onDone?.();
    }
    // Only a new answer, once the fetcher is idle, matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer, fetcher.state]);

  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4">
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value={intent} />
      {member ? <input type="hidden" name="memberId" value={member.id} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t.firstName} id={fields.firstName.id} error={fields.firstName.errors} required>
          <Input
            autoComplete="off"
            {...getInputProps(fields.firstName, { type: "text", ariaAttributes: false })}
          />
        </Field>
        <Field label={t.lastName} id={fields.lastName.id} error={fields.lastName.errors} required>
          <Input
            autoComplete="off"
            {...getInputProps(fields.lastName, { type: "text", ariaAttributes: false })}
          />
        </Field>
        <Field label={t.email} id={fields.email.id} error={fields.email.errors} required>
          <Input
            autoComplete="off"
            {...getInputProps(fields.email, { type: "email", ariaAttributes: false })}
          />
        </Field>
        <Field label={`${t.phone} (${t.optional})`} id={fields.phone.id} error={fields.phone.errors}>
          <Input
            autoComplete="off"
            {...getInputProps(fields.phone, { type: "tel", ariaAttributes: false })}
          />
        </Field>
      </div>
      <Button type="submit" loading={fetcher.state !== "idle"} className="sm:justify-self-end">
        {fetcher.state !== "idle" ? null : member ? (
          <Pencil aria-hidden="true" />
        ) : (
          <UserPlus aria-hidden="true" />
        )}
        {member ? t.save : t.add}
      </Button>
    </fetcher.Form>
  );
}
