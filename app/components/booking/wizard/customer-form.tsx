import { getInputProps, type FieldMetadata } from "@conform-to/react";

import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { messages } from "~/lib/messages.fr";

const w = messages.wizard;

type Text = FieldMetadata<string>;

export interface CustomerFields {
  name: Text;
  email: Text;
  phone: Text;
  address: Text;
  postalCode: FieldMetadata<unknown>;
  smsConsent: FieldMetadata<unknown>;
}

/**
 * The customer's details: name, e-mail, phone, service address (checked in the zone by the
 * server), optional postal code, and the promotional SMS consent, never ticked in advance.
 */
export function CustomerForm({ fields }: { fields: CustomerFields }) {
  const consentErrorId = `${fields.smsConsent.id}-error`;
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
      <div className="grid gap-1">
        <div className="flex items-start gap-3">
          <input
            {...getInputProps(fields.smsConsent, { type: "checkbox", ariaAttributes: false })}
            aria-describedby={`${fields.smsConsent.descriptionId}${fields.smsConsent.errors ? ` ${consentErrorId}` : ""}`}
            className="mt-0.5 size-5 shrink-0 accent-primary"
          />
          <label htmlFor={fields.smsConsent.id} className="text-sm leading-snug">
            {w.smsConsent}
          </label>
        </div>
        <p id={fields.smsConsent.descriptionId} className="pl-8 text-sm text-muted-foreground">
          {w.smsConsentHint}
        </p>
        {fields.smsConsent.errors ? (
          <p id={consentErrorId} className="pl-8 text-sm font-medium text-destructive">
            {fields.smsConsent.errors.join(" ")}
          </p>
        ) : null}
      </div>
    </section>
  );
}
