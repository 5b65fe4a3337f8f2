import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useActionData, useNavigation } from "react-router";
import { NewPasswordFields } from "~/components/auth/new-password-fields";
import { FormErrors } from "~/components/forms/form-errors";
import { Button } from "~/components/ui/button";
import { ChoosePasswordSchema } from "~/domain/auth/password-reset";
import { safeRedirectPath } from "~/domain/auth/redirect-to";
import { messages } from "~/lib/messages.fr";
import { accountMessages } from "~/lib/messages/account.fr";
import { dashboardPathFor } from "~/lib/roles";
import { getAuth, getSessionUser, type SessionUser } from "~/server/auth.server";
import { getDb } from "~/server/db.server";
import { flashHeaders } from "~/server/flash.server";
import { formFailure } from "~/server/http/failure.server";
import { hasPassword } from "~/server/services/auth/unproven-password.server";
import type { Route } from "./+types/choose-password";

const t = accountMessages.choosePassword;

export const meta: Route.MetaFunction = () => [
  { title: t.metaTitle },
  { name: "robots", content: "noindex" },
];

/**
 * /auth/choose-password?redirectTo=…: where /auth sends a person signed in by a confirmation
 * link opened away from the sign-up's browser (ADR 066); the sign-up's password was erased. A
 * signed-out visitor goes to /auth; an account that has a password goes on.
 */
async function personWithoutPassword(request: Request): Promise<{ user: SessionUser; target: string }> {
  const user = await getSessionUser(request);
  if (!user) throw redirect("/auth");
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  const target = redirectTo ?? dashboardPathFor(user.role);
  if (await hasPassword(getDb(), user.id)) throw redirect(target);
  return { user, target };
}

export async function loader({ request }: Route.LoaderArgs) {
  await personWithoutPassword(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const { target } = await personWithoutPassword(request);
  const submission = parseWithZod(await request.formData(), { schema: ChoosePasswordSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password", "confirm"] }) }, { status: 400 });
  }
  try {
    await getAuth().api.setPassword({
      body: { newPassword: submission.value.password },
      headers: request.headers,
    });
  } catch (error) {
    const { failure, result } = formFailure(error, submission, {
      texts: { RATE_LIMITED: messages.errors.rateLimited, VALIDATION: t.error, UNKNOWN: t.error },
      hideFields: ["password", "confirm"],
    });
    return data({ result }, { status: failure.status >= 500 ? 400 : failure.status });
  }
  throw redirect(target, { headers: await flashHeaders({ title: t.done }) });
}

export default function ChoosePasswordPage() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, inputs] = useForm({
    id: "choose-password",
    lastResult: actionData?.result,
    constraint: getZodConstraint(ChoosePasswordSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ChoosePasswordSchema }),
  });
  return (
    <div className="mx-auto grid w-full max-w-md gap-6 px-4 py-12 sm:py-16">
      <div className="grid gap-2 text-center">
        <h1 className="text-3xl font-bold tracking-tight">{t.title}</h1>
        <p className="text-muted-foreground">{t.intro}</p>
      </div>
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <NewPasswordFields password={inputs.password} confirm={inputs.confirm} />
        <Button type="submit" loading={navigation.state === "submitting"}>
          {t.submit}
        </Button>
      </Form>
    </div>
  );
}
