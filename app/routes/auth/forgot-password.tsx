import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { FormErrors } from "~/components/forms/form-errors";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { ForgotPasswordSchema } from "~/domain/auth/password-reset";
import { messages } from "~/lib/messages.fr";
import { messagingMessages } from "~/lib/messages/messaging.fr";
import { getDb } from "~/server/db.server";
import { requestPasswordReset } from "~/server/services/auth/password-reset.server";
import type { Route } from "./+types/forgot-password";
import { formFailure } from "~/server/http/failure.server";
import { requestInfo } from "~/server/request-info.server";

const t = messagingMessages.forgotPassword;

export const meta: Route.MetaFunction = () => [
  { title: t.metaTitle },
  { name: "robots", content: "noindex" },
];

/** Public page: anyone may ask for a link; the answer never tells whether an account exists. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ForgotPasswordSchema });
  if (submission.status !== "success") {
    return data({ sentTo: null, result: submission.reply() }, { status: 400 });
  }
  try {
    await requestPasswordReset(getDb(), { input: submission.value, ip: requestInfo(context).ip });
    return { sentTo: submission.value.email, result: submission.reply({ resetForm: true }) };
  } catch (error) {
    // Only the limit is said as such; anything else is the page's sentence (no account is told).
    const { failure, result } = formFailure(error, submission, {
      texts: { RATE_LIMITED: messages.errors.rateLimited, VALIDATION: t.error, UNKNOWN: t.error },
    });
    return data({ sentTo: null, result }, { status: failure.status });
  }
}

export default function ForgotPasswordPage() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: actionData?.result,
    constraint: getZodConstraint(ForgotPasswordSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ForgotPasswordSchema }),
  });
  return (
    <div className="mx-auto grid w-full max-w-md gap-6 px-4 py-12 sm:py-16">
      <div className="grid gap-2 text-center">
        <h1 className="text-3xl font-bold tracking-tight">{t.title}</h1>
        <p className="text-muted-foreground">{t.intro}</p>
      </div>
      {actionData?.sentTo ? (
        <Alert variant="success" role="status">
          <AlertTitle>{t.sent}</AlertTitle>
          <AlertDescription>{t.sentText(actionData.sentTo)}</AlertDescription>
        </Alert>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field label={t.email} id={fields.email.id} error={fields.email.errors} required>
          <Input
            autoComplete="email"
            {...getInputProps(fields.email, { type: "email", ariaAttributes: false })}
          />
        </Field>
        <Button type="submit" loading={navigation.state === "submitting"}>
          {t.submit}
        </Button>
      </Form>
      <Link
        to="/auth"
        className="text-center text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        {t.backToSignIn}
      </Link>
    </div>
  );
}
