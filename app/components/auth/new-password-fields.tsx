import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { messagingMessages } from "~/lib/messages/messaging.fr";

const t = messagingMessages.resetPassword;

interface NewPasswordFieldsProps<Form extends Record<string, unknown>> {
  password: FieldMetadata<string, Form, string[]>;
  confirm: FieldMetadata<string, Form, string[]>;
}

/** A new password and its confirmation: the reset link's page and the choose-password page. */
export function NewPasswordFields<Form extends Record<string, unknown>>({
  password,
  confirm,
}: NewPasswordFieldsProps<Form>) {
  return (
    <>
      <Field
        label={t.password}
        id={password.id}
        error={password.errors}
        description={t.passwordHint}
        required
      >
        <Input
          autoComplete="new-password"
          {...getInputProps(password, { type: "password", ariaAttributes: false })}
        />
      </Field>
      <Field label={t.confirm} id={confirm.id} error={confirm.errors} required>
        <Input
          autoComplete="new-password"
          {...getInputProps(confirm, { type: "password", ariaAttributes: false })}
        />
      </Field>
    </>
  );
}
