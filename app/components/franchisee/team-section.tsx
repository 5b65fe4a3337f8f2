import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { formatPhone } from "~/lib/phone";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Pencil, Plus, Trash2, UserPlus } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";

import { FormErrors } from "~/components/forms/form-errors";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input, inputClasses } from "~/components/ui/input";
import { Switch } from "~/components/ui/switch";
import { DEFAULT_AVAILABILITY, TeamMemberSchema, AvailabilitySchema } from "~/domain/franchisee/schemas";
import { cn } from "~/lib/utils";
import { useFailureToast, type FranchiseeActionData } from "./action-data";
import { franchiseeMessages } from "~/lib/messages/franchisee.fr";

const t = franchiseeMessages.team;
const a = franchiseeMessages.availability;
const DAYS = franchiseeMessages.days;

export interface TeamMemberItem {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  availability: { id: string; dayOfWeek: number; startTime: string; endTime: string; isAvailable: boolean }[];
}

/** Add or edit a member: first name, last name and e-mail required, phone optional. */
function MemberForm({ member, onDone }: { member?: TeamMemberItem; onDone?: () => void }) {
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
  useEffect(() => {
    if (fetcher.state === "idle" && answer?.ok) {
      if (!member) form.reset();
      onDone?.();
    }
    // Only a new answer matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

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

function AvailabilityPanel({ member }: { member: TeamMemberItem }) {
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
            const label = a.range(DAYS[range.dayOfWeek] ?? "", range.startTime, range.endTime);
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
        <Button type="submit" variant="outline" loading={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? null : <Plus aria-hidden="true" />}
          {a.add}
        </Button>
      </fetcher.Form>
    </section>
  );
}

function MemberCard({ member }: { member: TeamMemberItem }) {
  const [editing, setEditing] = useState(false);
  const confirm = useConfirm();
  const fetcher = useFetcher<FranchiseeActionData>();
  useFailureToast(fetcher.data);
  const name = `${member.firstName} ${member.lastName}`;
  return (
    <li className="grid gap-3 rounded-lg border p-4" aria-label={name}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold">{name}</h3>
          <p className="text-sm break-all text-muted-foreground">{member.email}</p>
          {member.phone ? <p className="text-sm text-muted-foreground">{formatPhone(member.phone)}</p> : null}
        </div>
        <div className="flex gap-1">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={t.edit(name)}
            onClick={() => setEditing(true)}
          >
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={t.remove(name)}
            loading={fetcher.state !== "idle"}
            onClick={async () => {
              const ok = await confirm({
                title: t.confirmDeleteTitle,
                description: t.confirmDelete(name),
                confirmText: t.confirmDeleteButton,
                type: "destructive",
              });
              if (ok)
                void fetcher.submit({ intent: "deleteMember", memberId: member.id }, { method: "post" });
            }}
          >
            {fetcher.state !== "idle" ? null : <Trash2 aria-hidden="true" />}
          </Button>
        </div>
      </div>
      <AvailabilityPanel member={member} />
      <Dialog open={editing} onOpenChange={setEditing}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t.editTitle}</DialogTitle>
            <DialogDescription>{name}</DialogDescription>
          </DialogHeader>
          <MemberForm member={member} onDone={() => setEditing(false)} />
        </DialogContent>
      </Dialog>
    </li>
  );
}

/** Team member management and each member's availability (spec sections 2 to 5). */
export function TeamSection({ members }: { members: TeamMemberItem[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t.title}</CardTitle>
        <CardDescription>{t.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <section aria-labelledby="team-add-title" className="grid gap-3">
          <h3 id="team-add-title" className="font-semibold">
            {t.addTitle}
          </h3>
          <MemberForm />
        </section>
        {members.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t.empty}</p>
        ) : (
          <ul className="grid gap-4" aria-label={t.title}>
            {members.map((member) => (
              <MemberCard key={member.id} member={member} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
