import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, ArrowRight, Send } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useNavigation, useSubmit } from "react-router";

import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Stepper } from "~/components/ui/stepper";
import { toast } from "~/components/ui/toast";
import {
  APPLICATION_HONEYPOT_FIELD,
  APPLICATION_SIGNATURE_NAME_FIELD,
  APPLICATION_STEPS,
  ApplicationSchema,
  DEFAULT_COUNTRY_CODE,
  STEP_FIELDS,
  firstStepWithError,
  schemaForStep,
} from "~/domain/applications/schemas";
import { contactMessages } from "~/lib/messages/contact.fr";
import { useHydrated } from "~/lib/use-hydrated";
import type { z } from "~/lib/zod-fr";

import {
  ConsentField,
  PersonalFields,
  ProfessionalFields,
  ReferencesFields,
  StepSection,
} from "./application-fields";
import type { FormShape } from "./application-field-types";
import { ApplicationSummary } from "./application-summary";
import { SignaturePad } from "./signature-pad";
import { applicationMessages } from "~/lib/messages/application.fr";

const a = applicationMessages;
const LAST_STEP = APPLICATION_STEPS.length - 1;
const STEPS = APPLICATION_STEPS.map((step) => ({ label: a.steps[step] }));

function headingId(formId: string, index: number): string {
  return `${formId}-${APPLICATION_STEPS[index]}-title`;
}

export interface ApplicationPrefill {
  first_name: string;
  last_name: string;
  email: string;
}

/** The page action's refusal: the French message and Conform's reply (errors and what was typed). */
export interface ApplicationRefusal {
  code: string;
  error: string;
  result: SubmissionResult<string[]> | null;
  /** A photo came with the refused form (ADR 076). */
  photoSent?: boolean;
}

/**
 * The franchise application (docs/product.md, sections 2 to 5), a real form posted to its page's action
 * (ADR 055). With JavaScript: four steps, each checked with its own schema before the next one
 * opens, a summary, the drawn signature sent as a PNG, and the action's refusal shown at the step
 * to fix. Without it: every step at once and the typed name as the signature; the server checks
 * the whole and sends the form back with its errors and the answers.
 */
export function ApplicationForm({
  prefill,
  refusal,
}: {
  prefill: ApplicationPrefill | null;
  refusal: ApplicationRefusal | null;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const sending = useNavigation().state === "submitting";
  const [step, setStep] = useState(0);
  const [completed, setCompleted] = useState<number[]>([]);
  const [signature, setSignature] = useState<Blob | null>(null);
  // The step the validation uses: set with the step, in the handlers that change it.
  const stepRef = useRef(step);
  const shownStep = useRef(step);
  const pendingFocus = useRef<string | null>(null);
  const submitButton = useRef<HTMLButtonElement>(null);

  const [form, fields] = useForm<FormShape>({
    id: "candidature",
    lastResult: refusal?.result ?? null,
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
    onSubmit(event, { formData }) {
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
      formData.set("signature", signature, "signature.png");
      void submit(formData, { method: "post", encType: "multipart/form-data" });
    },
  });
  const nameField = (fields as Record<string, FieldMetadata<unknown> | undefined>)[
    APPLICATION_SIGNATURE_NAME_FIELD
  ];

  // The action refused: say so, and open the step to fix at its first wrong field.
  useEffect(() => {
    if (!refusal || !hydrated) return;
    toast({ title: a.errors.submitTitle, description: refusal.error, variant: "destructive" });
    const names = Object.keys(refusal.result?.error ?? {});
    const target = firstStepWithError(names);
    if (target !== null) openStep(target, firstInvalidField(target, names));
    // Once per refusal.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refusal]);

  // A new step: its heading takes the focus, or the field to fix when one is named.
  useEffect(() => {
    if (shownStep.current === step && pendingFocus.current === null) return;
    shownStep.current = step;
    const target = pendingFocus.current;
    pendingFocus.current = null;
    const element = target ? document.getElementById(target) : null;
    (element ?? document.getElementById(headingId(form.id, step)))?.focus();
  }, [step, refusal, form.id]);

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

  /** Next: the current step must be valid; it is then marked completed (docs/product.md, section 4). */
  function next() {
    const element = document.getElementById(form.id) as HTMLFormElement | null;
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

  // Without JavaScript every step shows and Submit sends the whole form.
  const shows = (index: number) => !hydrated || step === index;
  const signatureMissing = hydrated && step === LAST_STEP && !signature;

  return (
    <div className="grid gap-8">
      {hydrated ? (
        <Stepper
          steps={STEPS}
          current={step}
          completed={completed}
          onStepClick={(index) => openStep(index)}
          className="mx-auto w-full max-w-2xl"
        />
      ) : null}
      <form
        {...getFormProps(form)}
        // Conform's noValidate waits for its script: without it the server checks the answers.
        noValidate={hydrated}
        method="post"
        encType="multipart/form-data"
        aria-label={a.title}
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
        <p className="text-sm text-muted-foreground">{a.requiredNote}</p>
        {refusal ? (
          <Alert variant="destructive" id={`${form.id}-refusal`}>
            <AlertDescription>{refusal.error}</AlertDescription>
          </Alert>
        ) : null}

        <StepSection active={shows(0)} title={a.stepTitles.personal} headingId={headingId(form.id, 0)}>
          <PersonalFields fields={fields} photoSent={refusal?.photoSent ?? false} />
        </StepSection>
        <StepSection active={shows(1)} title={a.stepTitles.professional} headingId={headingId(form.id, 1)}>
          <ProfessionalFields fields={fields} />
        </StepSection>
        <StepSection active={shows(2)} title={a.stepTitles.references} headingId={headingId(form.id, 2)}>
          <ReferencesFields fields={fields} />
        </StepSection>
        <StepSection
          active={shows(LAST_STEP)}
          title={a.stepTitles.submission}
          headingId={headingId(form.id, LAST_STEP)}
        >
          {hydrated ? <ApplicationSummary fields={fields} /> : null}
          <ConsentField fields={fields} />
          <SignaturePad
            onChange={setSignature}
            error={nameField?.errors?.join(" ")}
            defaultName={typeof nameField?.initialValue === "string" ? nameField.initialValue : ""}
            describedBy={signatureMissing ? `${form.id}-signature-missing` : undefined}
          />
          <p className="text-xs text-muted-foreground">{a.signature.legal}</p>
        </StepSection>

        {/* Hidden from people and assistive tech; a bot that fills it in is ignored. */}
        <div className="hidden">
          <label htmlFor={`${form.id}-${APPLICATION_HONEYPOT_FIELD}`}>{contactMessages.honeypot}</label>
          <input
            id={`${form.id}-${APPLICATION_HONEYPOT_FIELD}`}
            name={APPLICATION_HONEYPOT_FIELD}
            type="text"
            tabIndex={-1}
            autoComplete="off"
          />
        </div>

        {signatureMissing ? (
          <Alert id={`${form.id}-signature-missing`} variant="info">
            <AlertDescription>{a.errors.signatureMissing}</AlertDescription>
          </Alert>
        ) : null}

        <div className="flex flex-col-reverse gap-3 border-t pt-6 sm:flex-row sm:justify-between">
          {hydrated && step > 0 ? (
            <Button type="button" variant="outline" size="lg" onClick={() => openStep(step - 1)}>
              <ArrowLeft aria-hidden="true" />
              {a.previous}
            </Button>
          ) : (
            <span aria-hidden="true" />
          )}
          {hydrated && step < LAST_STEP ? (
            <Button type="button" size="lg" onClick={next}>
              {a.next}
              <ArrowRight aria-hidden="true" />
            </Button>
          ) : (
            <Button
              ref={submitButton}
              type="submit"
              size="lg"
              loading={sending}
              disabled={signatureMissing}
              aria-describedby={signatureMissing ? `${form.id}-signature-missing` : undefined}
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
