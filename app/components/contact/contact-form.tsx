import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Send } from "lucide-react";
import { useId, useRef, useState } from "react";

import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/toast";
import {
  CONTACT_HONEYPOT_FIELD,
  ContactMessageSchema,
  hasMissingRequiredField,
} from "~/domain/contact/schemas";
import { contactMessages } from "~/lib/messages/contact.fr";
import { cn } from "~/lib/utils";

const c = contactMessages;
const ENDPOINT = "/api/contact";

type SendResult =
  { sent: true } | { sent: false; description: string; result: SubmissionResult<string[]> | null };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** Posts the form to /api/contact and reads its answer; a network failure is a failed send. */
async function send(formData: FormData): Promise<SendResult> {
  let response: Response;
  try {
    response = await fetch(ENDPOINT, {
      method: "POST",
      body: formData,
      headers: { accept: "application/json" },
    });
  } catch {
    return { sent: false, description: c.sendError, result: null };
  }
  const answer: unknown = await response.json().catch(() => null);
  if (response.ok && isRecord(answer) && answer.success === true) return { sent: true };
  const result =
    isRecord(answer) && isRecord(answer.result) ? (answer.result as SubmissionResult<string[]>) : null;
  if (response.status >= 500) return { sent: false, description: c.sendError, result };
  const description = isRecord(answer) && typeof answer.error === "string" ? answer.error : c.unknownError;
  return { sent: false, description, result };
}

/**
 * The contact form (docs/product.md, sections 3 and 5): name, e-mail and message required, phone optional,
 * checked with the server's schema before sending. Errors show under each field and the typed
 * text stays; a sent message resets the form. Without JavaScript it posts to the same endpoint.
 */
export function ContactForm({ onSent, className }: { onSent?: () => void; className?: string }) {
  const id = useId();
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | null>(null);
  const [sending, setSending] = useState(false);
  const submitButton = useRef<HTMLButtonElement>(null);
  const [form, fields] = useForm({
    id: `contact-${id}`,
    lastResult,
    // Before hydration the browser checks the fields itself (required, type=email, maxlength).
    defaultNoValidate: false,
    constraint: getZodConstraint(ContactMessageSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ContactMessageSchema }),
    async onSubmit(event, { formData }) {
      event.preventDefault();
      const element = event.currentTarget;
      setSending(true);
      const outcome = await send(formData);
      setSending(false);
      if (outcome.sent) {
        element.reset();
        setLastResult(null);
        toast({ title: c.successTitle, description: c.success });
        onSent?.();
        return;
      }
      if (outcome.result) setLastResult(outcome.result);
      toast({ title: c.sendErrorTitle, description: outcome.description, variant: "destructive" });
    },
  });

  return (
    <form
      {...getFormProps(form)}
      method="post"
      action={ENDPOINT}
      onSubmit={(event) => {
        // Conform also submits the form to check a field the person leaves: only a submission
        // by the person (the button, or Enter in a field) warns about missing fields.
        const byPerson = event.nativeEvent.submitter === submitButton.current;
        if (byPerson && hasMissingRequiredField(Object.fromEntries(new FormData(event.currentTarget)))) {
          toast({ title: c.missingFieldsTitle, description: c.missingFields, variant: "destructive" });
        }
        form.onSubmit(event);
      }}
      className={cn("grid gap-4", className)}
    >
      <p className="text-sm text-muted-foreground">{c.requiredNote}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={c.name} id={fields.name.id} error={fields.name.errors} required>
          <Input
            autoComplete="name"
            {...getInputProps(fields.name, { type: "text", ariaAttributes: false })}
          />
        </Field>
        <Field label={c.email} id={fields.email.id} error={fields.email.errors} required>
          <Input
            autoComplete="email"
            {...getInputProps(fields.email, { type: "email", ariaAttributes: false })}
          />
        </Field>
      </div>
      <Field label={`${c.phone} (${c.optional})`} id={fields.phone.id} error={fields.phone.errors}>
        <Input autoComplete="tel" {...getInputProps(fields.phone, { type: "tel", ariaAttributes: false })} />
      </Field>
      <Field label={c.message} id={fields.message.id} error={fields.message.errors} required>
        <Textarea
          rows={5}
          placeholder={c.messagePlaceholder}
          {...getTextareaProps(fields.message, { ariaAttributes: false })}
        />
      </Field>
      {/* Hidden from people and assistive tech; a bot that fills it in is ignored. */}
      <div className="hidden">
        <label htmlFor={`${form.id}-${CONTACT_HONEYPOT_FIELD}`}>{c.honeypot}</label>
        <input
          id={`${form.id}-${CONTACT_HONEYPOT_FIELD}`}
          name={CONTACT_HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
        />
      </div>
      <Button ref={submitButton} type="submit" loading={sending} className="sm:justify-self-end">
        {sending ? null : <Send aria-hidden="true" />}
        {c.submit}
      </Button>
    </form>
  );
}
