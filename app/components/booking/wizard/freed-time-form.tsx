import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { BellRing, CircleCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";

import { FormErrors } from "~/components/forms/form-errors";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { FreedTimeRequestSchema } from "~/domain/freed-time/schemas";
import { formatDay } from "~/lib/format";
import { freedTimeMessages } from "~/lib/messages/freed-time.fr";
import { serviceAreaMessages } from "~/lib/messages/service-area.fr";

const f = freedTimeMessages;

/** The disclosure's id: the link under the picker opens it. */
export const FREED_TIME_ID = "heure-liberee";

/** The wizard action's answers to intent 'freed-time' (ADR 091). */
export type FreedTimeAnswer =
  | { status: "freed-time"; days: number; texto: boolean }
  | { status: "freed-time-failed"; result: SubmissionResult<string[]> };

/**
 * « Aucune heure ne vous convient ? » (ADR 091): under the time step's picker, a disclosure with
 * the e-mail and the cellphone (a signed-in client's pre-filled), the texto box and the days
 * among the next 14; the zone and cars are the booking's. Posts to the
 * wizard (intent 'freed-time') through a fetcher, or as a plain form before JavaScript runs
 * (`answer` is then the page's action data). The same schema as the server.
 */
export function FreedTimeForm({
  zone,
  zoneName,
  cars,
  days,
  email,
  phone,
  answer,
}: {
  zone: string;
  zoneName: string;
  cars: number;
  days: readonly string[];
  email?: string | undefined;
  /** A signed-in client's profile phone; the SMS box stays unticked (the customer's choice). */
  phone?: string | undefined;
  answer?: FreedTimeAnswer | undefined;
}) {
  const fetcher = useFetcher<FreedTimeAnswer>();
  const shown = fetcher.data ?? answer;
  const sending = fetcher.state !== "idle";
  const doneRef = useRef<HTMLParagraphElement>(null);
  const [form, fields] = useForm({
    id: "freed-time",
    lastResult: shown?.status === "freed-time-failed" ? shown.result : null,
    defaultValue: { email: email ?? "", phone: phone ?? "", zone, cars: String(cars) },
    constraint: getZodConstraint(FreedTimeRequestSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: FreedTimeRequestSchema }),
    onSubmit(event, { formData }) {
      event.preventDefault();
      void fetcher.submit(formData, { method: "post" });
    },
  });
  const done = shown?.status === "freed-time" ? shown : null;
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);
  const chosen = new Set((fields.days.value as string[] | string | undefined) ?? []);
  const daysErrorId = `${form.id}-days-error`;

  return (
    <details
      id={FREED_TIME_ID}
      open={shown ? true : undefined}
      className="group scroll-mt-24 rounded-lg border bg-card p-4 [&_summary::-webkit-details-marker]:hidden"
      data-testid="freed-time"
    >
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
        <BellRing aria-hidden="true" className="size-5 shrink-0 text-primary" />
        {f.toggle}
      </summary>
      {done ? (
        <p
          ref={doneRef}
          tabIndex={-1}
          role="status"
          className="mt-3 flex items-start gap-2 rounded-md border border-success/40 bg-success/10 p-3 text-sm outline-none"
        >
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
          {f.success(done.days, done.texto)}
        </p>
      ) : (
        <fetcher.Form method="post" {...getFormProps(form)} className="mt-3 grid gap-4">
          <h2 className="text-base font-semibold">{f.title}</h2>
          <p className="text-sm text-muted-foreground">{f.intro(serviceAreaMessages.cars(cars), zoneName)}</p>
          <FormErrors id={form.errorId} errors={form.errors} />
          <input type="hidden" name="intent" value="freed-time" />
          <input type="hidden" name={fields.zone.name} value={zone} />
          <input type="hidden" name={fields.cars.name} value={cars} />
          <Field label={f.email} id={fields.email.id} error={fields.email.errors} required>
            <Input
              autoComplete="email"
              {...getInputProps(fields.email, { type: "email", ariaAttributes: false })}
            />
          </Field>
          <Field label={f.phone} id={fields.phone.id} error={fields.phone.errors} description={f.phoneHint}>
            <Input
              autoComplete="tel"
              {...getInputProps(fields.phone, { type: "tel", ariaAttributes: false })}
            />
          </Field>
          <div className="grid gap-1">
            <div className="flex items-start gap-3">
              <input
                {...getInputProps(fields.smsConsent, { type: "checkbox", ariaAttributes: false })}
                aria-describedby={fields.smsConsent.descriptionId}
                className="mt-0.5 size-5 shrink-0 accent-primary"
              />
              <label htmlFor={fields.smsConsent.id} className="text-sm leading-snug">
                {f.smsConsent}
              </label>
            </div>
            <p id={fields.smsConsent.descriptionId} className="pl-8 text-sm text-muted-foreground">
              {f.smsConsentHint}
            </p>
          </div>
          <fieldset
            className="grid min-w-0 gap-2"
            aria-describedby={fields.days.errors ? daysErrorId : undefined}
            aria-invalid={fields.days.errors ? true : undefined}
          >
            <legend className="mb-2 text-sm font-medium">
              {f.daysLegend}
              <span aria-hidden="true" className="text-destructive">
                {" *"}
              </span>
            </legend>
            {fields.days.errors ? (
              <p id={daysErrorId} className="text-sm font-medium text-destructive">
                {fields.days.errors.join(" ")}
              </p>
            ) : null}
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              {days.map((day) => (
                <label
                  key={day}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-input px-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5"
                >
                  <input
                    type="checkbox"
                    name={fields.days.name}
                    value={day}
                    defaultChecked={chosen.has(day)}
                    className="size-5 shrink-0 accent-primary"
                  />
                  <span className="first-letter:uppercase">{formatDay(day, "weekdayYear")}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <Button type="submit" loading={sending} className="sm:justify-self-start">
            {f.submit}
          </Button>
        </fetcher.Form>
      )}
    </details>
  );
}
