import {
  getFormProps,
  useForm,
  type DefaultValue,
  type FormMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { FormErrors } from "~/components/forms/form-errors";
import { InputField } from "~/components/forms/input-field";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { toast } from "~/components/ui/toast";
import {
  ChangePasswordSchema,
  DELETE_CONFIRMATION_WORD,
  DeleteAccountSchema,
  ProfileSchema,
} from "~/domain/loyalty/schemas";
import type { z } from "~/lib/zod-fr";
import { clientMessages } from "~/lib/messages/client.fr";

const t = clientMessages.account;

/** What the /client action answers to the account forms. */
export interface AccountActionData {
  intent: string;
  ok: boolean;
  result?: SubmissionResult<string[]>;
  message?: string;
}

/** A dialog holding one account form; it closes and toasts when the server accepts the form. */
function FormDialog({
  trigger,
  title,
  description,
  children,
}: {
  trigger: ReactNode;
  title: string;
  description?: string;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : null}
        </DialogHeader>
        {children(() => setOpen(false))}
      </DialogContent>
    </Dialog>
  );
}

function useAccountFetcher(key: string, onSuccess: () => void) {
  const fetcher = useFetcher<AccountActionData>({ key });
  const data = fetcher.data;
  useEffect(() => {
    if (fetcher.state !== "idle" || !data) return;
    if (data.ok) {
      if (data.message) toast({ title: data.message });
      onSuccess();
    } else if (data.message) {
      toast({ title: data.message, variant: "destructive" });
    }
    // Only a new answer matters, not a new callback.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, fetcher.state]);
  return fetcher;
}

/**
 * One account form posted with a fetcher under intent `intent`: the server's answer feeds back to
 * the form (errors, values) and `onDone` runs once it is accepted.
 */
function useAccountForm<Schema extends z.ZodObject>(
  intent: "profile" | "password" | "delete",
  schema: Schema,
  onDone: () => void,
  defaultValue?: DefaultValue<z.input<Schema>>,
) {
  const fetcher = useAccountFetcher(`client-${intent}`, onDone);
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id: `client-${intent}`,
    lastResult: fetcher.data?.intent === intent ? fetcher.data.result : null,
    defaultValue,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return { fetcher, form, fields };
}

/** The form element of an account form: its intent, the form-level errors, fields, then the footer. */
function AccountFormShell<Shape extends Record<string, unknown>>({
  fetcher,
  form,
  intent,
  footer,
  children,
}: {
  fetcher: ReturnType<typeof useAccountFetcher>;
  form: FormMetadata<Shape, string[]>;
  intent: string;
  footer: ReactNode;
  children: ReactNode;
}) {
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value={intent} />
      <FormErrors id={form.errorId} errors={form.errors} />
      {children}
      <DialogFooter>{footer}</DialogFooter>
    </fetcher.Form>
  );
}

function ProfileForm({
  defaults,
  onDone,
}: {
  defaults: { firstName: string; lastName: string; phone: string | null };
  onDone: () => void;
}) {
  const { fetcher, form, fields } = useAccountForm("profile", ProfileSchema, onDone, {
    ...defaults,
    phone: defaults.phone ?? "",
  });
  return (
    <AccountFormShell
      fetcher={fetcher}
      form={form}
      intent="profile"
      footer={
        <Button type="submit" loading={fetcher.state !== "idle"}>
          {t.save}
        </Button>
      }
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField meta={fields.firstName} label={t.firstName} required autoComplete="given-name" />
        <InputField meta={fields.lastName} label={t.lastName} required autoComplete="family-name" />
      </div>
      <InputField
        meta={fields.phone}
        label={t.phone}
        type="tel"
        description={t.phoneHint}
        autoComplete="tel"
      />
    </AccountFormShell>
  );
}

export function EditProfileDialog({
  defaults,
}: {
  defaults: { firstName: string; lastName: string; phone: string | null };
}) {
  return (
    <FormDialog
      title={t.editTitle}
      description={t.editDescription}
      trigger={<Button variant="outline">{t.editInfo}</Button>}
    >
      {(close) => <ProfileForm defaults={defaults} onDone={close} />}
    </FormDialog>
  );
}

function PasswordForm({ onDone }: { onDone: () => void }) {
  const { fetcher, form, fields } = useAccountForm("password", ChangePasswordSchema, onDone);
  return (
    <AccountFormShell
      fetcher={fetcher}
      form={form}
      intent="password"
      footer={
        <Button type="submit" loading={fetcher.state !== "idle"}>
          {t.save}
        </Button>
      }
    >
      <InputField
        meta={fields.currentPassword}
        label={t.currentPassword}
        type="password"
        required
        autoComplete="current-password"
      />
      <InputField
        meta={fields.newPassword}
        label={t.newPassword}
        type="password"
        required
        autoComplete="new-password"
      />
      <InputField
        meta={fields.confirmPassword}
        label={t.confirmPassword}
        type="password"
        required
        autoComplete="new-password"
      />
    </AccountFormShell>
  );
}

export function ChangePasswordDialog() {
  return (
    <FormDialog
      title={t.passwordTitle}
      description={t.passwordDescription}
      trigger={<Button variant="outline">{t.passwordTitle}</Button>}
    >
      {(close) => <PasswordForm onDone={close} />}
    </FormDialog>
  );
}

function DeleteForm({ onCancel }: { onCancel: () => void }) {
  // On success the action redirects home, signed out: nothing to close here.
  const { fetcher, form, fields } = useAccountForm("delete", DeleteAccountSchema, () => {});
  return (
    <AccountFormShell
      fetcher={fetcher}
      form={form}
      intent="delete"
      footer={
        <>
          <Button type="button" variant="outline" onClick={onCancel}>
            {t.deleteCancel}
          </Button>
          <Button type="submit" variant="destructive" loading={fetcher.state !== "idle"}>
            {t.deleteConfirm}
          </Button>
        </>
      }
    >
      <InputField
        meta={fields.password}
        label={t.deletePassword}
        type="password"
        required
        autoComplete="current-password"
      />
      <InputField
        meta={fields.confirmation}
        label={t.deleteConfirmation(DELETE_CONFIRMATION_WORD)}
        required
        autoComplete="off"
      />
    </AccountFormShell>
  );
}

export function DeleteAccountDialog() {
  return (
    <FormDialog
      title={t.deleteDialogTitle}
      description={t.deleteText}
      trigger={<Button variant="destructive">{t.delete}</Button>}
    >
      {(close) => <DeleteForm onCancel={close} />}
    </FormDialog>
  );
}
