import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { FormErrors } from "~/components/forms/form-errors";
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
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/toast";
import {
  ChangePasswordSchema,
  DELETE_CONFIRMATION_WORD,
  DeleteAccountSchema,
  ProfileSchema,
} from "~/domain/loyalty/schemas";
import { messages } from "~/lib/messages.fr";

const t = messages.client.account;

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

function ProfileForm({
  defaults,
  onDone,
}: {
  defaults: { firstName: string; lastName: string; phone: string | null };
  onDone: () => void;
}) {
  const fetcher = useAccountFetcher("client-profile", onDone);
  const [form, fields] = useForm({
    id: "client-profile",
    lastResult: fetcher.data?.intent === "profile" ? fetcher.data.result : null,
    defaultValue: { ...defaults, phone: defaults.phone ?? "" },
    constraint: getZodConstraint(ProfileSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfileSchema }),
  });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value="profile" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t.firstName} id={fields.firstName.id} error={fields.firstName.errors} required>
          <Input
            autoComplete="given-name"
            {...getInputProps(fields.firstName, { type: "text", ariaAttributes: false })}
          />
        </Field>
        <Field label={t.lastName} id={fields.lastName.id} error={fields.lastName.errors} required>
          <Input
            autoComplete="family-name"
            {...getInputProps(fields.lastName, { type: "text", ariaAttributes: false })}
          />
        </Field>
      </div>
      <Field label={t.phone} id={fields.phone.id} error={fields.phone.errors} description={t.phoneHint}>
        <Input autoComplete="tel" {...getInputProps(fields.phone, { type: "tel", ariaAttributes: false })} />
      </Field>
      <DialogFooter>
        <Button type="submit" loading={fetcher.state !== "idle"}>
          {t.save}
        </Button>
      </DialogFooter>
    </fetcher.Form>
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
  const fetcher = useAccountFetcher("client-password", onDone);
  const [form, fields] = useForm({
    id: "client-password",
    lastResult: fetcher.data?.intent === "password" ? fetcher.data.result : null,
    constraint: getZodConstraint(ChangePasswordSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ChangePasswordSchema }),
  });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value="password" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field
        label={t.currentPassword}
        id={fields.currentPassword.id}
        error={fields.currentPassword.errors}
        required
      >
        <Input
          autoComplete="current-password"
          {...getInputProps(fields.currentPassword, { type: "password", ariaAttributes: false })}
        />
      </Field>
      <Field label={t.newPassword} id={fields.newPassword.id} error={fields.newPassword.errors} required>
        <Input
          autoComplete="new-password"
          {...getInputProps(fields.newPassword, { type: "password", ariaAttributes: false })}
        />
      </Field>
      <Field
        label={t.confirmPassword}
        id={fields.confirmPassword.id}
        error={fields.confirmPassword.errors}
        required
      >
        <Input
          autoComplete="new-password"
          {...getInputProps(fields.confirmPassword, { type: "password", ariaAttributes: false })}
        />
      </Field>
      <DialogFooter>
        <Button type="submit" loading={fetcher.state !== "idle"}>
          {t.save}
        </Button>
      </DialogFooter>
    </fetcher.Form>
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
  const fetcher = useAccountFetcher("client-delete", () => {});
  const [form, fields] = useForm({
    id: "client-delete",
    lastResult: fetcher.data?.intent === "delete" ? fetcher.data.result : null,
    constraint: getZodConstraint(DeleteAccountSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DeleteAccountSchema }),
  });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value="delete" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field label={t.deletePassword} id={fields.password.id} error={fields.password.errors} required>
        <Input
          autoComplete="current-password"
          {...getInputProps(fields.password, { type: "password", ariaAttributes: false })}
        />
      </Field>
      <Field
        label={t.deleteConfirmation(DELETE_CONFIRMATION_WORD)}
        id={fields.confirmation.id}
        error={fields.confirmation.errors}
        required
      >
        <Input
          autoComplete="off"
          {...getInputProps(fields.confirmation, { type: "text", ariaAttributes: false })}
        />
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t.deleteCancel}
        </Button>
        <Button type="submit" variant="destructive" loading={fetcher.state !== "idle"}>
          {t.deleteConfirm}
        </Button>
      </DialogFooter>
    </fetcher.Form>
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

export function PaymentMethodsDialog() {
  return (
    <FormDialog title={t.paymentTitle} trigger={<Button variant="outline">{t.managePayment}</Button>}>
      {(close) => (
        <>
          <p className="text-sm">{t.paymentText}</p>
          <DialogFooter>
            <Button type="button" onClick={close}>
              {messages.ui.close}
            </Button>
          </DialogFooter>
        </>
      )}
    </FormDialog>
  );
}
