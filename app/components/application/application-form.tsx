import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, ArrowRight, Send } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";

import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, inputClasses } from "~/components/ui/input";
import { Stepper } from "~/components/ui/stepper";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/toast";
import {
  APPLICATION_HONEYPOT_FIELD,
  APPLICATION_LIMITS,
  APPLICATION_STEPS,
  ApplicationSchema,
  COUNTRY_CODES,
  DEFAULT_COUNTRY_CODE,
  SERVICE_RADII,
  STEP_FIELDS,
  firstStepWithError,
  schemaForStep,
} from "~/domain/applications/schemas";
import { messages } from "~/lib/messages.fr";
import { cn } from "~/lib/utils";
import type { z } from "~/lib/zod-fr";

import { SignaturePad } from "./signature-pad";
import { useHydrated } from "~/lib/use-hydrated";
import { applicationMessages } from "~/lib/messages/application.fr";

const a = applicationMessages;
const f = a.fields;
const ENDPOINT = "/api/franchise-applications";
const LAST_STEP = APPLICATION_STEPS.length - 1;
const STEPS = APPLICATION_STEPS.map((step) => ({ label: a.steps[step] }));

type FieldName = (typeof STEP_FIELDS)[keyof typeof STEP_FIELDS][number];
/** The form's fields by name, as the browser sends them (strings). */
type FormShape = Record<FieldName, string>;

type Outcome =
  { saved: true } | { saved: false; description: string; result: SubmissionResult<string[]> | null };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** Posts the answers and the signature to the API and reads its {code?, error?} answer. */
async function send(formData: FormData, signature: Blob): Promise<Outcome> {
  formData.set("signature", signature, "signature.png");
  let response: Response;
  try {
    response = await fetch(ENDPOINT, {
      method: "POST",
      body: formData,
      headers: { accept: "application/json" },
    });
  } catch {
    return { saved: false, description: a.errors.generic, result: null };
  }
  const answer: unknown = await response.json().catch(() => null);
  if (response.status === 201) return { saved: true };
  const result =
    isRecord(answer) && isRecord(answer.result) ? (answer.result as SubmissionResult<string[]>) : null;
  const description = isRecord(answer) && typeof answer.error === "string" ? answer.error : a.errors.generic;
  return { saved: false, description, result };
}

export interface ApplicationPrefill {
  first_name: string;
  last_name: string;
  email: string;
}

/**
 * The franchise application (spec sections 2 to 5): four steps, each checked with its own schema
 * before the next one opens; the stepper reaches completed steps and those before the current
 * one. Every step stays in the page (hidden), so answers are kept when moving between steps and
 * when the server refuses. The last step shows a summary, the background-check consent and the
 * signature pad; Submit waits for a signature.
 */
export function ApplicationForm({
  prefill,
  onSubmitted,
}: {
  prefill: ApplicationPrefill | null;
  onSubmitted: () => void;
}) {
  const hydrated = useHydrated();
  const [step, setStep] = useState(0);
  const [completed, setCompleted] = useState<number[]>([]);
  const [signature, setSignature] = useState<Blob | null>(null);
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | null>(null);
  const [sending, setSending] = useState(false);
  // The step the validation uses: set with the step, in the handlers that change it.
  const stepRef = useRef(step);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  const pendingFocus = useRef<string | null>(null);
  const submitButton = useRef<HTMLButtonElement>(null);

  const [form, fields] = useForm<FormShape>({
    id: "candidature",
    lastResult,
    defaultValue: {
      ...prefill,
      phone_country_code: DEFAULT_COUNTRY_CODE,
      service_radius: "less_20km",
      has_funds: "true",
      comfortable_independence: "true",
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: schemaForStep(stepRef.current) as z.ZodType<FormShape> }),
    async onSubmit(event, { formData }) {
      event.preventDefault();
      if (stepRef.current < LAST_STEP) return;
      if (!signature) {
        toast({
          title: a.errors.submitTitle,
          description: a.errors.signatureMissing,
          variant: "destructive",
        });
        return;
      }
      setSending(true);
      const outcome = await send(formData, signature);
      setSending(false);
      if (outcome.saved) {
        toast({ title: a.success.title, description: a.success.description });
        onSubmitted();
        return;
      }
      toast({ title: a.errors.submitTitle, description: outcome.description, variant: "destructive" });
      if (outcome.result) {
        setLastResult(outcome.result);
        const target = firstStepWithError(Object.keys(outcome.result.error ?? {}));
        if (target !== null)
          openStep(target, firstInvalidField(target, Object.keys(outcome.result.error ?? {})));
      }
    },
  });

  // A new step: its heading takes the focus, or the field to fix when one is named.
  useEffect(() => {
    if (shownStep.current === step && pendingFocus.current === null) return;
    shownStep.current = step;
    const target = pendingFocus.current;
    pendingFocus.current = null;
    const element = target ? document.getElementById(target) : null;
    (element ?? headingRef.current)?.focus();
  }, [step, lastResult]);

  function fieldId(name: string): string {
    return (fields as Record<string, FieldMetadata<unknown> | undefined>)[name]?.id ?? name;
  }

  function firstInvalidField(index: number, names: readonly string[]): string | null {
    const invalid = STEP_FIELDS[APPLICATION_STEPS[index]!].find((name) => names.includes(name));
    return invalid ? fieldId(invalid) : null;
  }

  function openStep(index: number, focusId: string | null = null) {
    pendingFocus.current = focusId;
    stepRef.current = index;
    setStep(index);
    if (index === step && focusId) document.getElementById(focusId)?.focus();
  }

  function formElement(): HTMLFormElement | null {
    return document.getElementById(form.id) as HTMLFormElement | null;
  }

  /** Next: the current step must be valid; it is then marked completed (spec section 4). */
  function next() {
    const element = formElement();
    if (!element) return;
    const result = parseWithZod(new FormData(element), { schema: schemaForStep(step) });
    const names = STEP_FIELDS[APPLICATION_STEPS[step]!];
    if (result.status !== "success") {
      // Shows the errors of this step's fields only: the next steps stay untouched.
      for (const name of names) form.validate({ name });
      const invalid = names.find((name) => result.error?.[name]);
      if (invalid) requestAnimationFrame(() => document.getElementById(fieldId(invalid))?.focus());
      return;
    }
    setCompleted((done) => (done.includes(step) ? done : [...done, step]));
    openStep(step + 1);
  }

  /** Submit checks every step again: a step changed since is reopened at its first error. */
  function beforeSubmit(formData: FormData) {
    const result = ApplicationSchema.safeParse(Object.fromEntries(formData));
    if (result.success) return;
    const names = result.error.issues.map((issue) => String(issue.path[0]));
    const target = firstStepWithError(names);
    if (target !== null && target !== step) openStep(target, firstInvalidField(target, names));
  }

  const stepName = APPLICATION_STEPS[step]!;
  const values = fields;

  return (
    <div className="grid gap-8">
      <Stepper
        steps={STEPS}
        current={step}
        completed={completed}
        onStepClick={(index) => openStep(index)}
        className="mx-auto w-full max-w-2xl"
      />
      <form
        {...getFormProps(form)}
        method="post"
        action={ENDPOINT}
        encType="multipart/form-data"
        aria-labelledby={`${form.id}-title`}
        onSubmit={(event) => {
          if (
            event.nativeEvent instanceof SubmitEvent &&
            event.nativeEvent.submitter === submitButton.current
          ) {
            beforeSubmit(new FormData(event.currentTarget));
          }
          form.onSubmit(event);
        }}
        onKeyDown={(event) => {
          // Enter in a one-line field moves to the next step, as the Next button does.
          const target = event.target as HTMLElement;
          if (event.key === "Enter" && step < LAST_STEP && target instanceof HTMLInputElement) {
            event.preventDefault();
            next();
          }
        }}
        className="grid gap-6"
      >
        <div className="grid gap-1">
          <h2
            ref={headingRef}
            id={`${form.id}-title`}
            tabIndex={-1}
            className="text-xl font-semibold tracking-tight outline-none sm:text-2xl"
          >
            {a.stepTitles[stepName]}
          </h2>
          <p className="text-sm text-muted-foreground">{a.requiredNote}</p>
        </div>

        <StepSection active={step === 0}>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={f.firstName} id={fields.first_name.id} error={fields.first_name.errors} required>
              <Input
                autoComplete="given-name"
                maxLength={APPLICATION_LIMITS.name}
                {...getInputProps(fields.first_name, { type: "text", ariaAttributes: false })}
              />
            </Field>
            <Field label={f.lastName} id={fields.last_name.id} error={fields.last_name.errors} required>
              <Input
                autoComplete="family-name"
                maxLength={APPLICATION_LIMITS.name}
                {...getInputProps(fields.last_name, { type: "text", ariaAttributes: false })}
              />
            </Field>
          </div>
          <Field label={f.email} id={fields.email.id} error={fields.email.errors} required>
            <Input
              autoComplete="email"
              maxLength={APPLICATION_LIMITS.email}
              {...getInputProps(fields.email, { type: "email", ariaAttributes: false })}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-[minmax(0,14rem)_1fr]">
            <Field
              label={f.countryCode}
              id={fields.phone_country_code.id}
              error={fields.phone_country_code.errors}
              required
            >
              <select
                {...getSelectProps(fields.phone_country_code, { ariaAttributes: false })}
                autoComplete="tel-country-code"
                aria-invalid={fields.phone_country_code.errors ? true : undefined}
                className={cn(inputClasses, "h-10")}
              >
                {COUNTRY_CODES.map((code) => (
                  <option key={code} value={code}>
                    {a.countries[code]}
                  </option>
                ))}
              </select>
            </Field>
            <Field
              label={f.phone}
              id={fields.phone.id}
              error={fields.phone.errors}
              description={f.phoneHint}
              required
            >
              <Input
                autoComplete="tel-national"
                inputMode="tel"
                maxLength={APPLICATION_LIMITS.phone}
                {...getInputProps(fields.phone, { type: "tel", ariaAttributes: false })}
              />
            </Field>
          </div>
          <Field
            label={f.city}
            id={fields.city.id}
            error={fields.city.errors}
            description={f.cityHint}
            required
          >
            <Input
              autoComplete="address-level2"
              maxLength={APPLICATION_LIMITS.city}
              {...getInputProps(fields.city, { type: "text", ariaAttributes: false })}
            />
          </Field>
        </StepSection>

        <StepSection active={step === 1}>
          <ChoiceGroup
            legend={f.serviceRadius}
            field={fields.service_radius}
            choices={SERVICE_RADII.map((value) => ({ value, label: a.serviceRadius[value] }))}
          />
          <ChoiceGroup legend={f.license} field={fields.has_drivers_license} choices={YES_NO} />
          <Field
            label={f.vehicleInfo}
            id={fields.vehicle_info.id}
            error={fields.vehicle_info.errors}
            description={f.vehicleInfoHint}
            required
          >
            <Textarea
              rows={3}
              maxLength={APPLICATION_LIMITS.vehicleInfo}
              {...getTextareaProps(fields.vehicle_info, { ariaAttributes: false })}
            />
          </Field>
          <Field
            label={f.availabilityHours}
            id={fields.availability_hours.id}
            error={fields.availability_hours.errors}
            description={f.availabilityHoursHint}
            required
          >
            <Textarea
              rows={3}
              maxLength={APPLICATION_LIMITS.availabilityHours}
              {...getTextareaProps(fields.availability_hours, { ariaAttributes: false })}
            />
          </Field>
        </StepSection>

        <StepSection active={step === 2}>
          <fieldset className="grid gap-4">
            <legend className="mb-1 text-base font-semibold">{a.steps.references}</legend>
            <p className="-mt-2 text-sm text-muted-foreground">{f.referencesIntro}</p>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label={`${f.referenceFirstName} (${a.optional})`}
                id={fields.reference_first_name.id}
                error={fields.reference_first_name.errors}
              >
                <Input
                  autoComplete="off"
                  maxLength={APPLICATION_LIMITS.name}
                  {...getInputProps(fields.reference_first_name, { type: "text", ariaAttributes: false })}
                />
              </Field>
              <Field
                label={`${f.referenceLastName} (${a.optional})`}
                id={fields.reference_last_name.id}
                error={fields.reference_last_name.errors}
              >
                <Input
                  autoComplete="off"
                  maxLength={APPLICATION_LIMITS.name}
                  {...getInputProps(fields.reference_last_name, { type: "text", ariaAttributes: false })}
                />
              </Field>
            </div>
            <Field
              label={`${f.referencePhone} (${a.optional})`}
              id={fields.reference_phone.id}
              error={fields.reference_phone.errors}
            >
              <Input
                autoComplete="off"
                inputMode="tel"
                maxLength={APPLICATION_LIMITS.phone}
                {...getInputProps(fields.reference_phone, { type: "tel", ariaAttributes: false })}
              />
            </Field>
          </fieldset>
          <ChoiceGroup legend={f.hasFunds} field={fields.has_funds} choices={YES_NO} />
          <Field
            label={`${f.availableFunds} (${a.optional})`}
            id={fields.available_funds.id}
            error={fields.available_funds.errors}
            description={f.availableFundsHint}
          >
            <Input
              maxLength={APPLICATION_LIMITS.availableFunds}
              {...getInputProps(fields.available_funds, { type: "text", ariaAttributes: false })}
            />
          </Field>
          <ChoiceGroup
            legend={f.comfortableIndependence}
            field={fields.comfortable_independence}
            choices={YES_NO}
          />
        </StepSection>

        <StepSection active={step === LAST_STEP}>
          <Summary fields={values} />
          <div className="grid gap-1">
            <div className="flex items-start gap-3">
              <input
                {...getInputProps(fields.background_check_consent, {
                  type: "checkbox",
                  ariaAttributes: false,
                })}
                aria-invalid={fields.background_check_consent.errors ? true : undefined}
                aria-describedby={cn(
                  `${fields.background_check_consent.id}-hint`,
                  fields.background_check_consent.errors && fields.background_check_consent.errorId,
                )}
                className="mt-0.5 size-5 shrink-0 accent-primary"
              />
              <label htmlFor={fields.background_check_consent.id} className="text-sm leading-snug">
                {f.backgroundCheck}
                <span aria-hidden="true" className="text-destructive">
                  {" *"}
                </span>
              </label>
            </div>
            <p
              id={`${fields.background_check_consent.id}-hint`}
              className="pl-8 text-sm text-muted-foreground"
            >
              {f.backgroundCheckHint}
            </p>
            {fields.background_check_consent.errors ? (
              <p
                id={fields.background_check_consent.errorId}
                className="pl-8 text-sm font-medium text-destructive"
              >
                {fields.background_check_consent.errors.join(" ")}
              </p>
            ) : null}
          </div>
          <SignaturePad
            onChange={setSignature}
            describedBy={signature ? undefined : `${form.id}-signature-missing`}
          />
          <p className="text-xs text-muted-foreground">{a.signature.legal}</p>
        </StepSection>

        {/* Hidden from people and assistive tech; a bot that fills it in is ignored. */}
        <div className="hidden">
          <label htmlFor={`${form.id}-${APPLICATION_HONEYPOT_FIELD}`}>{messages.contact.honeypot}</label>
          <input
            id={`${form.id}-${APPLICATION_HONEYPOT_FIELD}`}
            name={APPLICATION_HONEYPOT_FIELD}
            type="text"
            tabIndex={-1}
            autoComplete="off"
          />
        </div>

        {step === LAST_STEP && !signature ? (
          <Alert id={`${form.id}-signature-missing`} variant="info">
            <AlertDescription>{a.errors.signatureMissing}</AlertDescription>
          </Alert>
        ) : null}

        <div className="flex flex-col-reverse gap-3 border-t pt-6 sm:flex-row sm:justify-between">
          {step > 0 ? (
            <Button type="button" variant="outline" size="lg" onClick={() => openStep(step - 1)}>
              <ArrowLeft aria-hidden="true" />
              {a.previous}
            </Button>
          ) : (
            <span aria-hidden="true" />
          )}
          {step < LAST_STEP ? (
            // Steps are checked in the browser: before the script runs, Next waits for it.
            <Button type="button" size="lg" onClick={next} disabled={!hydrated}>
              {a.next}
              <ArrowRight aria-hidden="true" />
            </Button>
          ) : (
            <Button
              ref={submitButton}
              type="submit"
              size="lg"
              loading={sending}
              disabled={!signature}
              aria-describedby={signature ? undefined : `${form.id}-signature-missing`}
            >
              {sending ? null : <Send aria-hidden="true" />}
              {sending ? a.submitting : a.submit}
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}

const YES_NO = [
  { value: "true", label: a.yes },
  { value: "false", label: a.no },
];

/** One step's fields: kept in the page when hidden, so the answers stay while moving around. */
function StepSection({ active, children }: { active: boolean; children: ReactNode }) {
  return (
    <div hidden={!active} className={cn("grid gap-6", !active && "hidden")}>
      {children}
    </div>
  );
}

/** A question answered by one of a few choices: native radio buttons in a fieldset. */
function ChoiceGroup({
  legend,
  field,
  choices,
}: {
  legend: string;
  field: FieldMetadata<unknown>;
  choices: readonly { value: string; label: string }[];
}) {
  const invalid = Boolean(field.errors?.length);
  return (
    <fieldset
      className="grid gap-3"
      aria-describedby={invalid ? field.errorId : undefined}
      aria-invalid={invalid || undefined}
      // The first radio takes the focus when the question has to be answered.
      id={field.id}
      tabIndex={-1}
    >
      <legend className="mb-1 text-sm font-medium">
        {legend}
        <span aria-hidden="true" className="text-destructive">
          {" *"}
        </span>
      </legend>
      <div className="flex flex-wrap gap-3">
        {choices.map((choice) => {
          const id = `${field.id}-${choice.value}`;
          return (
            <label
              key={choice.value}
              htmlFor={id}
              className={cn(
                "flex min-h-11 cursor-pointer items-center gap-3 rounded-md border bg-background px-4 py-2 text-sm transition-colors has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
                invalid && "border-destructive",
              )}
            >
              <input
                id={id}
                type="radio"
                name={field.name}
                value={choice.value}
                defaultChecked={field.initialValue === choice.value}
                className="size-4 accent-primary"
              />
              {choice.label}
            </label>
          );
        })}
      </div>
      {invalid ? (
        <p id={field.errorId} className="text-sm font-medium text-destructive">
          {field.errors!.join(" ")}
        </p>
      ) : null}
    </fieldset>
  );
}

type AllFields = ReturnType<typeof useForm<FormShape>>[1];

/** What the applicant is about to sign, as they answered it. */
function Summary({ fields }: { fields: AllFields }) {
  const text = (name: FieldName) => {
    const value = fields[name].value;
    return typeof value === "string" && value.trim() !== "" ? value.trim() : a.summary.notGiven;
  };
  const yesNo = (name: FieldName) => {
    const value = fields[name].value;
    return value === "true" ? a.yes : value === "false" ? a.no : a.summary.notGiven;
  };
  const radius = fields.service_radius.value;
  const code = fields.phone_country_code.value ?? DEFAULT_COUNTRY_CODE;
  const rows: [string, string][] = [
    [f.firstName, text("first_name")],
    [f.lastName, text("last_name")],
    [f.email, text("email")],
    [f.phone, `+${code} ${text("phone")}`],
    [f.city, text("city")],
    [
      f.serviceRadius,
      typeof radius === "string" && radius in a.serviceRadius
        ? a.serviceRadius[radius as keyof typeof a.serviceRadius]
        : a.summary.notGiven,
    ],
    [f.license, yesNo("has_drivers_license")],
    [f.vehicleInfo, text("vehicle_info")],
    [f.availabilityHours, text("availability_hours")],
    [
      a.steps.references,
      [text("reference_first_name"), text("reference_last_name"), text("reference_phone")]
        .filter((part) => part !== a.summary.notGiven)
        .join(" ") || a.summary.notGiven,
    ],
    [f.hasFunds, yesNo("has_funds")],
    [f.availableFunds, text("available_funds")],
    [f.comfortableIndependence, yesNo("comfortable_independence")],
  ];
  return (
    <section aria-labelledby="application-summary" className="grid gap-3 rounded-lg border bg-muted/30 p-4">
      <div className="grid gap-1">
        <h3 id="application-summary" className="font-semibold">
          {a.summary.title}
        </h3>
        <p className="text-sm text-muted-foreground">{a.summary.text}</p>
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[minmax(0,16rem)_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-medium break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
