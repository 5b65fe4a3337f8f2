import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { NewPasswordFields } from "~/components/auth/new-password-fields";
import { FormErrors } from "~/components/forms/form-errors";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ResetPasswordSchema } from "~/domain/auth/password-reset";
import { messages } from "~/lib/messages.fr";
import { messagingMessages } from "~/lib/messages/messaging.fr";
import { getDb } from "~/server/db.server";
import { flashHeaders } from "~/server/flash.server";
import { resetPasswordWithToken } from "~/server/services/auth/password-reset.server";
import type { Route } from "./+types/reset-password";
import { formFailure } from "~/server/http/failure.server";
import { requestInfo } from "~/server/request-info.server";

const t = messagingMessages.resetPassword;
const welcome = messagingMessages.email.setPassword;

export const meta: Route.MetaFunction = () => [
  { title: t.metaTitle },
  { name: "robots", content: "noindex" },
];

/**
 * /auth/reset-password?token=… is where the e-mail's link lands (through better-auth's
 * /api/auth/reset-password/{token}, which adds ?error=INVALID_TOKEN for a dead link).
 * `welcome=1` is the set-password invitation of a new account.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  const invalid = token === "" || url.searchParams.has("error");
  return { token: invalid ? "" : token, invalid, welcome: url.searchParams.get("welcome") === "1" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ResetPasswordSchema });
  if (submission.status !== "success") {
    return data(
      { invalid: false, result: submission.reply({ hideFields: ["password", "confirm"] }) },
      { status: 400 },
    );
  }
  try {
    const done = await resetPasswordWithToken(getDb(), {
      token: submission.value.token,
      password: submission.value.password,
      ip: requestInfo(context).ip,
    });
    if (!done)
      return data(
        { invalid: true, result: submission.reply({ hideFields: ["password", "confirm"] }) },
        { status: 400 },
      );
  } catch (error) {
    const { failure, result } = formFailure(error, submission, {
      texts: { RATE_LIMITED: messages.errors.rateLimited },
      hideFields: ["password", "confirm"],
    });
    return data({ invalid: false, result }, { status: failure.status });
  }
  throw redirect("/auth", { headers: await flashHeaders({ title: t.success }) });
}

export default function ResetPasswordPage({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: actionData?.result,
    constraint: getZodConstraint(ResetPasswordSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetPasswordSchema }),
  });
  const invalid = loaderData.invalid || actionData?.invalid;
  return (
    <div className="mx-auto grid w-full max-w-md gap-6 px-4 py-12 sm:py-16">
      <div className="grid gap-2 text-center">
        <h1 className="text-3xl font-bold tracking-tight">{loaderData.welcome ? welcome.action : t.title}</h1>
        {invalid ? null : <p className="text-muted-foreground">{t.intro}</p>}
      </div>
      {invalid ? (
        <>
          <Alert variant="destructive">
            <AlertTitle>{t.invalidToken}</AlertTitle>
            <AlertDescription>{t.invalidTokenText}</AlertDescription>
          </Alert>
          <Button asChild>
            <Link to="/auth/forgot-password">{t.requestNew}</Link>
          </Button>
        </>
      ) : (
        <Form method="post" {...getFormProps(form)} className="grid gap-4">
          <FormErrors id={form.errorId} errors={form.errors} />
          <input type="hidden" name={fields.token.name} value={loaderData.token} />
          <NewPasswordFields password={fields.password} confirm={fields.confirm} />
          <Button type="submit" loading={navigation.state === "submitting"}>
            {t.submit}
          </Button>
        </Form>
      )}
    </div>
  );
}
