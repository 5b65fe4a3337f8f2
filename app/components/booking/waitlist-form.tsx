import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { BellRing, CircleCheck } from "lucide-react";
import { useEffect, useId, useRef, type ComponentProps } from "react";
import { Link, useFetcher } from "react-router";

import { FormErrors } from "~/components/forms/form-errors";
import { Button } from "~/components/ui/button";
import { Field, useFieldControl } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { WAITLIST_HONEYPOT_FIELD, WaitlistFormSchema } from "~/domain/waitlist/schemas";
import { waitlistMessages } from "~/lib/messages/waitlist.fr";
import { cn } from "~/lib/utils";

const t = waitlistMessages;

/** Where the form posts: the action of /waitlist (a page, so it works before JavaScript runs). */
export const WAITLIST_ACTION = "/waitlist";

/** The answer of the /waitlist action, read by this form with or without JavaScript. */
export type WaitlistAnswer =
  | { ok: true; title: string; message: string; bookTo?: string }
  | { ok: false; error: string; result?: SubmissionResult<string[]> };

/** A native checkbox (posted without JavaScript) wired to its Field like the other controls. */
function NativeCheckbox({ className, ...props }: ComponentProps<"input">) {
  const { controlProps } = useFieldControl(props);
  return (
    <input
      type="checkbox"
      className={cn("size-5 shrink-0 accent-primary", className)}
      {...props}
      {...controlProps}
    />
  );
}

/**
 * 'Prévenez-moi quand vous desservirez mon secteur' (ADR 046): e-mail, postal code (pre-filled
 * from what the visitor typed) and the express consent box, never ticked in advance. With
 * JavaScript it posts through a fetcher and shows the French confirmation in place; without, the
 * browser posts to /waitlist, whose page shows the same form with the answer (`answer`).
 */
export function WaitlistForm({
  defaultPostalCode,
  answer,
  className,
}: {
  defaultPostalCode?: string | undefined;
  /** The answer of a post made without JavaScript (the /waitlist page's action data). */
  answer?: WaitlistAnswer | undefined;
  className?: string;
}) {
  const id = useId();
  const fetcher = useFetcher<WaitlistAnswer>();
  const shown = fetcher.data ?? answer;
  const sending = fetcher.state !== "idle";
  const doneHeading = useRef<HTMLHeadingElement>(null);
  const [form, fields] = useForm({
    id: `waitlist-${id}`,
    lastResult: shown && !shown.ok ? (shown.result ?? null) : null,
    defaultValue: { postalCode: defaultPostalCode ?? "" },
    constraint: getZodConstraint(WaitlistFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: WaitlistFormSchema }),
    onSubmit(event, { formData }) {
      event.preventDefault();
      void fetcher.submit(formData, { method: "post", action: WAITLIST_ACTION });
    },
  });

  const done = shown?.ok === true ? shown : null;
  useEffect(() => {
    if (done) doneHeading.current?.focus();
  }, [done]);

  const titleId = `${form.id}-title`;
  if (done) {
    return (
      <section
        aria-labelledby={titleId}
        className={cn("grid gap-2 rounded-lg border border-success/40 bg-success/10 p-4", className)}
      >
        <h2
          id={titleId}
          ref={doneHeading}
          tabIndex={-1}
          className="flex scroll-mt-24 items-center gap-2 font-semibold text-success outline-none"
        >
          <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
          {done.title}
        </h2>
        <p role="status" className="text-sm">
          {done.message}
        </p>
        {done.bookTo ? (
          <Button asChild className="justify-self-start">
            <Link to={done.bookTo}>{t.done.book}</Link>
          </Button>
        ) : null}
      </section>
    );
  }

  const formError = shown && !shown.ok && !shown.result ? [shown.error] : form.errors;
  return (
    <section aria-labelledby={titleId} className={cn("grid gap-3 rounded-lg border bg-card p-4", className)}>
      <h2 id={titleId} className="flex items-start gap-2 font-semibold">
        <BellRing aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        {t.form.title}
      </h2>
      <p className="text-sm text-muted-foreground">{t.form.intro}</p>
      <form
        {...getFormProps(form)}
        method="post"
        action={WAITLIST_ACTION}
        aria-labelledby={titleId}
        className="grid gap-3"
      >
        <FormErrors id={form.errorId} errors={formError} />
        <div className="grid gap-3">
          <Field label={t.form.email} id={fields.email.id} error={fields.email.errors} required>
            <Input
              autoComplete="email"
              placeholder={t.form.emailPlaceholder}
              {...getInputProps(fields.email, { type: "email", ariaAttributes: false })}
            />
          </Field>
          <Field
            label={t.form.postalCode}
            id={fields.postalCode.id}
            error={fields.postalCode.errors}
            required
          >
            <Input
              autoComplete="postal-code"
              autoCapitalize="characters"
              placeholder={t.form.postalCodePlaceholder}
              {...getInputProps(fields.postalCode, { type: "text", ariaAttributes: false })}
            />
          </Field>
        </div>
        <Field
          label={<span className="block leading-snug font-normal">{t.form.consent}</span>}
          id={fields.consent.id}
          error={fields.consent.errors}
          orientation="horizontal"
        >
          <NativeCheckbox
            name={fields.consent.name}
            value="on"
            // Never ticked in advance (Canada's anti-spam law): only what the person ticks.
            defaultChecked={false}
          />
        </Field>
        {/* Hidden from people and assistive tech; a bot that fills it in is ignored. */}
        <div className="hidden">
          <label htmlFor={`${form.id}-${WAITLIST_HONEYPOT_FIELD}`}>{t.form.honeypot}</label>
          <input
            id={`${form.id}-${WAITLIST_HONEYPOT_FIELD}`}
            name={WAITLIST_HONEYPOT_FIELD}
            type="text"
            tabIndex={-1}
            autoComplete="off"
          />
        </div>
        <Button type="submit" loading={sending} className="sm:justify-self-start">
          {sending ? t.form.submitting : t.form.submit}
        </Button>
      </form>
    </section>
  );
}
