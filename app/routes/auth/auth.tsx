import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { SignInSchema, SignUpSchema, TestLoginSchema } from "~/domain/auth/schemas";
import { AppError } from "~/lib/errors";
import { messages } from "~/lib/messages.fr";
import { homePathFor, type Role } from "~/lib/roles";
import { forwardCookies, getAuth, getSessionUser } from "~/server/auth.server";
import { getDb } from "~/server/db.server";
import { demoToolsAllowed } from "~/server/security/demo-tools.server";
import { flashHeaders } from "~/server/flash.server";
import { setupTestUsers } from "~/server/services/auth/setup-test-users.server";
import { signInWithPassword } from "~/server/services/auth/sign-in-with-password.server";
import { signUpWithPassword } from "~/server/services/auth/sign-up-with-password.server";
import { AuthTabs } from "~/components/auth/auth-tabs";
import { FormErrors } from "~/components/forms/form-errors";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { Route } from "./+types/auth";

export const meta: Route.MetaFunction = () => [
  { title: "Connexion | Lavage Mobile Prestige" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getSessionUser(request)) throw redirect("/");
  return { testLogin: demoToolsAllowed(context) };
}

type Intent = "sign-in" | "sign-up" | "test-login" | "sign-out";

function errorText(code: AppError["code"], intent: Intent): string {
  if (code === "RATE_LIMITED") return messages.errors.rateLimited;
  if (code === "INVALID_CREDENTIALS") return messages.auth.invalidCredentials;
  if (code === "EMAIL_TAKEN") return messages.auth.emailTaken;
  return intent === "sign-up" ? messages.auth.signUpError : messages.auth.signInError;
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = formData.get("intent") as Intent | null;
  const db = getDb();

  if (intent === "sign-out") {
    const result = await getAuth().api.signOut({ headers: request.headers, returnHeaders: true });
    throw redirect("/", { headers: forwardCookies(result.headers) });
  }

  if (intent === "test-login") {
    if (!demoToolsAllowed(context)) throw data(null, { status: 404 });
    const parsed = TestLoginSchema.safeParse({ role: formData.get("role") });
    if (!parsed.success)
      return data({ intent, result: null, testLoginError: messages.auth.signInError }, { status: 400 });
    const role: Role = parsed.data.role;
    try {
      const credentials = await setupTestUsers(db, { role });
      const session = await signInWithPassword(db, {
        input: credentials,
        ip: context.ip,
        headers: request.headers,
      });
      const headers = await flashHeaders(
        { title: messages.auth.signInSuccess },
        forwardCookies(session.headers),
      );
      throw redirect(homePathFor(role), { headers });
    } catch (error) {
      if (error instanceof Response) throw error;
      console.error(error);
      return data(
        { intent, result: null, testLoginError: messages.auth.testLoginError(role) },
        { status: 400 },
      );
    }
  }

  const schema = intent === "sign-up" ? SignUpSchema : SignInSchema;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    return data(
      { intent, result: submission.reply({ hideFields: ["password"] }), testLoginError: null },
      { status: 400 },
    );
  }
  try {
    if (intent === "sign-up") {
      const value = submission.value as (typeof SignUpSchema)["_zod"]["output"];
      const session = await signUpWithPassword(db, {
        input: value,
        ip: context.ip,
        headers: request.headers,
      });
      const headers = await flashHeaders(
        { title: messages.auth.signUpSuccess },
        forwardCookies(session.headers),
      );
      throw redirect("/", { headers });
    }
    const value = submission.value as (typeof SignInSchema)["_zod"]["output"];
    const session = await signInWithPassword(db, { input: value, ip: context.ip, headers: request.headers });
    const headers = await flashHeaders(
      { title: messages.auth.signInSuccess },
      forwardCookies(session.headers),
    );
    throw redirect("/", { headers });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!(error instanceof AppError)) console.error(error);
    const code = error instanceof AppError ? error.code : "UNKNOWN";
    const status = error instanceof AppError ? error.status : 500;
    return data(
      {
        intent,
        result: submission.reply({
          formErrors: [errorText(code, intent ?? "sign-in")],
          hideFields: ["password"],
        }),
        testLoginError: null,
      },
      { status: status >= 500 ? 400 : status },
    );
  }
}

export default function AuthPage({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const initialTab =
    actionData?.intent === "sign-up" || searchParams.get("tab") === "inscription"
      ? "inscription"
      : "connexion";
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <h1 className="mb-2 text-center text-3xl font-bold tracking-tight">Bienvenue</h1>
      <p className="mb-8 text-center text-muted-foreground">
        Connectez-vous pour suivre vos rendez-vous et vos points fidélité.
      </p>
      <AuthTabs
        initialTab={initialTab}
        signIn={<SignInForm lastResult={actionData?.intent === "sign-in" ? actionData.result : null} />}
        signUp={<SignUpForm lastResult={actionData?.intent === "sign-up" ? actionData.result : null} />}
      />
      {loaderData.testLogin ? <TestLoginPanel error={actionData?.testLoginError ?? null} /> : null}
    </div>
  );
}

function useSubmitting(intent: Intent): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

function SignInForm({ lastResult }: { lastResult: SubmissionResult<string[]> | null | undefined }) {
  const [form, fields] = useForm({
    id: "sign-in",
    lastResult,
    constraint: getZodConstraint(SignInSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignInSchema }),
  });
  const submitting = useSubmitting("sign-in");
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value="sign-in" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field label="Adresse e-mail" id={fields.email.id} error={fields.email.errors} required>
        <Input
          autoComplete="email"
          {...getInputProps(fields.email, { type: "email", ariaAttributes: false })}
        />
      </Field>
      <Field label="Mot de passe" id={fields.password.id} error={fields.password.errors} required>
        <Input
          autoComplete="current-password"
          {...getInputProps(fields.password, { type: "password", ariaAttributes: false })}
        />
      </Field>
      <Button type="submit" loading={submitting}>
        Se connecter
      </Button>
      <Link
        to="/auth/forgot-password"
        className="justify-self-center text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        {messages.messaging.forgotPassword.link}
      </Link>
    </Form>
  );
}

function SignUpForm({ lastResult }: { lastResult: SubmissionResult<string[]> | null | undefined }) {
  const [form, fields] = useForm({
    id: "sign-up",
    lastResult,
    constraint: getZodConstraint(SignUpSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignUpSchema }),
  });
  const submitting = useSubmitting("sign-up");
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value="sign-up" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Prénom" id={fields.firstName.id} error={fields.firstName.errors} required>
          <Input
            autoComplete="given-name"
            {...getInputProps(fields.firstName, { type: "text", ariaAttributes: false })}
          />
        </Field>
        <Field label="Nom" id={fields.lastName.id} error={fields.lastName.errors} required>
          <Input
            autoComplete="family-name"
            {...getInputProps(fields.lastName, { type: "text", ariaAttributes: false })}
          />
        </Field>
      </div>
      <Field label="Adresse e-mail" id={fields.email.id} error={fields.email.errors} required>
        <Input
          autoComplete="email"
          {...getInputProps(fields.email, { type: "email", ariaAttributes: false })}
        />
      </Field>
      <Field
        label="Mot de passe"
        id={fields.password.id}
        error={fields.password.errors}
        description="8 caractères au minimum."
        required
      >
        <Input
          autoComplete="new-password"
          {...getInputProps(fields.password, { type: "password", ariaAttributes: false })}
        />
      </Field>
      <Button type="submit" loading={submitting}>
        Créer mon compte
      </Button>
    </Form>
  );
}

function TestLoginPanel({ error }: { error: string | null }) {
  const navigation = useNavigation();
  const pendingRole =
    navigation.formData?.get("intent") === "test-login" ? navigation.formData.get("role") : null;
  const roles: { role: Role; label: string }[] = [
    { role: "admin", label: "Admin" },
    { role: "franchisee", label: "Partenaire" },
    { role: "client", label: "Client" },
  ];
  return (
    <section
      aria-labelledby="test-login-title"
      className="mt-8 rounded-lg border border-dashed border-warning p-4"
    >
      <h2 id="test-login-title" className="text-sm font-semibold">
        Connexion test (développement)
      </h2>
      <p className="mb-3 text-xs text-muted-foreground">Comptes de démonstration : mot de passe Demo12345!</p>
      {error ? (
        <p role="alert" className="mb-3 text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {roles.map(({ role, label }) => (
          <Form method="post" key={role}>
            <input type="hidden" name="intent" value="test-login" />
            <input type="hidden" name="role" value={role} />
            <Button
              type="submit"
              variant="outline"
              size="sm"
              disabled={pendingRole !== null}
              loading={pendingRole === role}
            >
              {`Connexion ${label}`}
            </Button>
          </Form>
        ))}
      </div>
    </section>
  );
}
