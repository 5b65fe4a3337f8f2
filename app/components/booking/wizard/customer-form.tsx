import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";

import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { messagingMessages } from "~/lib/messages/messaging.fr";
import { wizardMessages } from "~/lib/messages/wizard.fr";

const w = wizardMessages;
const m = messagingMessages.wizard;

type Text = FieldMetadata<string>;

export interface CustomerFields {
  name: Text;
  email: Text;
  phone: Text;
  address: Text;
  postalCode: FieldMetadata<unknown>;
  serviceTexts: FieldMetadata<unknown>;
  smsConsent: FieldMetadata<unknown>;
  emailConsent: FieldMetadata<unknown>;
}

/**
 * The customer's details: name, e-mail, phone, service address (checked in the zone by the
 * server), optional postal code; the texts about this booking (confirmation, reminder, « En
 * route »), offered ticked as they are not commercial messages (ADR 014); and the promotional SMS
 * and e-mail consents, never ticked in advance (each one records express consent in the ledger
 * when ticked, ADR 015).
 */
export function CustomerForm({ fields, children }: { fields: CustomerFields; children?: ReactNode }) {
  return (
    <section aria-labelledby="customer-details-title" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="customer-details-title" className="text-lg font-semibold">
          {w.detailsTitle}
        </h2>
        <p className="text-sm text-muted-foreground">{w.requiredNote}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={w.name} id={fields.name.id} error={fields.name.errors} required>
          <Input
            autoComplete="name"
            {...getInputProps(fields.name, { type: "text", ariaAttributes: false })}
          />
        </Field>
        <Field label={w.email} id={fields.email.id} error={fields.email.errors} required>
          <Input
            autoComplete="email"
            {...getInputProps(fields.email, { type: "email", ariaAttributes: false })}
          />
        </Field>
        <Field
          label={w.phone}
          id={fields.phone.id}
          error={fields.phone.errors}
          description={w.phoneHint}
          required
        >
          <Input
            autoComplete="tel"
            {...getInputProps(fields.phone, { type: "tel", ariaAttributes: false })}
          />
        </Field>
        <Field
          label={`${w.postalCode} (${w.optional})`}
          id={fields.postalCode.id}
          error={fields.postalCode.errors}
        >
          <Input
            autoComplete="postal-code"
            autoCapitalize="characters"
            {...getInputProps(fields.postalCode, { type: "text", ariaAttributes: false })}
          />
        </Field>
        <Field
          label={w.address}
          id={fields.address.id}
          error={fields.address.errors}
          description={w.addressHint}
          required
          className="sm:col-span-2"
        >
          <Input
            autoComplete="street-address"
            {...getInputProps(fields.address, { type: "text", ariaAttributes: false })}
          />
        </Field>
      </div>
      {/* « Se souvenir de mes coordonnées sur cet appareil » (ADR 107), once hydrated. */}
      {children}
      <ConsentBox field={fields.serviceTexts} label={w.serviceTexts} hint={w.serviceTextsHint} />
      <ConsentBox field={fields.smsConsent} label={w.smsConsent} hint={w.smsConsentHint} />
      <ConsentBox field={fields.emailConsent} label={m.emailConsent} hint={m.emailConsentHint} />
    </section>
  );
}

/** An optional checkbox with its hint: the offers' consents are unticked unless the customer ticks them. */
function ConsentBox({ field, label, hint }: { field: FieldMetadata<unknown>; label: string; hint: string }) {
  const errorId = `${field.id}-error`;
  return (
    <div className="grid gap-1">
      <div className="flex items-start gap-3">
        <input
          {...getInputProps(field, { type: "checkbox", ariaAttributes: false })}
          aria-describedby={`${field.descriptionId}${field.errors ? ` ${errorId}` : ""}`}
          className="mt-0.5 size-5 shrink-0 accent-primary"
        />
        <label htmlFor={field.id} className="text-sm leading-snug">
          {label}
        </label>
      </div>
      <p id={field.descriptionId} className="pl-8 text-sm text-muted-foreground">
        {hint}
      </p>
      {field.errors ? (
        <p id={errorId} className="pl-8 text-sm font-medium text-destructive">
          {field.errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
