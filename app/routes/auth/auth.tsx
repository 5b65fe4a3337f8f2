import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { safeRedirectPath } from "~/domain/auth/redirect-to";
import { SignInSchema, SignUpSchema } from "~/domain/auth/schemas";
import { messages } from "~/lib/messages.fr";
import { messagingMessages } from "~/lib/messages/messaging.fr";
import { dashboardPathFor, type Role } from "~/lib/roles";
import { getSessionUser } from "~/server/auth.server";
import { getDb } from "~/server/db.server";
import { hasPassword } from "~/server/services/auth/unproven-password.server";
import { demoToolsAllowed } from "~/server/security/demo-tools.server";
import { flashHeaders } from "~/server/flash.server";
import { AuthTabs } from "~/components/auth/auth-tabs";
import { FormErrors } from "~/components/forms/form-errors";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { Route } from "./+types/auth";
import { authAction, type Intent } from "./auth-action.server";
import { accountMessages } from "~/lib/messages/account.fr";
import { requestInfo } from "~/server/request-info.server";

export const meta: Route.MetaFunction = () => [
  { title: "Connexion | Lavage Mobile Prestige" },
  { name: "robots", content: "noindex" },
];

/**
 * /auth?redirectTo=<a page of this site> (ADR 042): a signed-out visit to a private page comes
 * here with a short explanation, and goes back there after signing in. The confirmation link of
 * a sign-up also lands here (`verified=1`, signed in by better-auth), or with `error=` when the
 * link is dead. A signed-in visitor goes on to `redirectTo` or to their space.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  const user = await getSessionUser(request);
  if (user) {
    const target = redirectTo ?? dashboardPathFor(user.role);
    if (url.searchParams.get("verified") === "1") {
      // Confirmed away from the browser that signed up: the password is theirs to choose (ADR 066).
      if (!(await hasPassword(getDb(), user.id)))
        throw redirect(
          redirectTo
            ? `/auth/choose-password?${new URLSearchParams({ redirectTo })}`
            : "/auth/choose-password",
        );
      throw redirect(target, { headers: await flashHeaders({ title: accountMessages.verified }) });
    }
    throw redirect(target);
  }
  const verifyFailed = url.searchParams.has("error");
  return {
    testLogin: demoToolsAllowed(requestInfo(context)),
    redirectTo,
    notice: verifyFailed
      ? accountMessages.verifyLinkInvalid
      : redirectTo
        ? accountMessages.signInRequired
        : null,
  };
}

export function action(args: Route.ActionArgs) {
  return authAction(args);
}

export default function AuthPage({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const initialTab =
    actionData?.intent === "sign-up" || searchParams.get("tab") === "inscription"
      ? "inscription"
      : "connexion";
  const redirectTo = loaderData.redirectTo;
  const checkEmail = actionData?.checkEmail ?? null;
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <h1 className="mb-2 text-center text-3xl font-bold tracking-tight">Bienvenue</h1>
      <p className="mb-8 text-center text-muted-foreground">
        Connectez-vous pour suivre vos rendez-vous et vos points fidélité.
      </p>
      {loaderData.notice && !checkEmail ? (
        <Alert className="mb-6" role="status">
          <AlertDescription>{loaderData.notice}</AlertDescription>
        </Alert>
      ) : null}
      {checkEmail ? (
        <Alert variant="success" role="status" className="mb-6" tabIndex={-1} ref={focusOnMount}>
          <AlertTitle>{messages.auth.signUpSuccess}</AlertTitle>
          <AlertDescription>
            <p>{accountMessages.checkEmail.text(checkEmail)}</p>
            <p className="mt-2">{accountMessages.checkEmail.spam}</p>
          </AlertDescription>
        </Alert>
      ) : null}
      <AuthTabs
        initialTab={checkEmail ? "connexion" : initialTab}
        signIn={
          <SignInForm
            lastResult={actionData?.intent === "sign-in" ? actionData.result : null}
            redirectTo={redirectTo}
          />
        }
        signUp={
          <SignUpForm
            lastResult={actionData?.intent === "sign-up" ? actionData.result : null}
            redirectTo={redirectTo}
          />
        }
      />
      {loaderData.testLogin ? <TestLoginPanel error={actionData?.testLoginError ?? null} /> : null}
    </div>
  );
}

function useSubmitting(intent: Intent): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

/** Moves the focus to the confirmation notice when it appears (screen readers announce it). */
function focusOnMount(element: HTMLElement | null) {
  element?.focus();
}

function RedirectField({ redirectTo }: { redirectTo: string | null }) {
  return redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null;
}

interface FormProps {
  lastResult: SubmissionResult<string[]> | null | undefined;
  redirectTo: string | null;
}

function SignInForm({ lastResult, redirectTo }: FormProps) {
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
      <RedirectField redirectTo={redirectTo} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field label="Adresse courriel" id={fields.email.id} error={fields.email.errors} required>
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
        {messagingMessages.forgotPassword.link}
      </Link>
    </Form>
  );
}

function SignUpForm({ lastResult, redirectTo }: FormProps) {
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
      <RedirectField redirectTo={redirectTo} />
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
      <Field label="Adresse courriel" id={fields.email.id} error={fields.email.errors} required>
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
    { role: "crew", label: "Équipe" },
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
