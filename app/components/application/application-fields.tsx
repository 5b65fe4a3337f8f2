import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import type { ReactNode } from "react";

import { Field } from "~/components/ui/field";
import { Input, inputClasses } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { APPLICATION_LIMITS, COUNTRY_CODES, SERVICE_RADII } from "~/domain/applications/schemas";
import { cn } from "~/lib/utils";

import type { ApplicationFields } from "./application-field-types";
import { ChoiceGroup, YES_NO } from "./choice-group";
import { PhotoField } from "./photo-field";
import { applicationMessages } from "~/lib/messages/application.fr";

const a = applicationMessages;
const f = a.fields;

/**
 * One step's fields, with its own heading. With JavaScript only the current step shows (the
 * others stay in the page, hidden, so answers are kept); without it every step shows, one under
 * the other, and the form is sent whole (ADR 055).
 */
export function StepSection({
  active,
  title,
  headingId,
  children,
}: {
  active: boolean;
  title: string;
  headingId: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} hidden={!active} className={cn("grid gap-6", !active && "hidden")}>
      <h2
        id={headingId}
        tabIndex={-1}
        className="text-xl font-semibold tracking-tight outline-none sm:text-2xl"
      >
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Step 1: who is applying, and their optional photo (ADR 076). */
export function PersonalFields({ fields, photoSent }: { fields: ApplicationFields; photoSent: boolean }) {
  return (
    <>
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
      <Field label={f.city} id={fields.city.id} error={fields.city.errors} description={f.cityHint} required>
        <Input
          autoComplete="address-level2"
          maxLength={APPLICATION_LIMITS.city}
          {...getInputProps(fields.city, { type: "text", ariaAttributes: false })}
        />
      </Field>
      <PhotoField fields={fields} photoSent={photoSent} />
    </>
  );
}

/** Step 2: the radius, the licence, the vehicle and the hours. */
export function ProfessionalFields({ fields }: { fields: ApplicationFields }) {
  return (
    <>
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
    </>
  );
}

/** Step 3: an optional reference, the funds and the independence question. */
export function ReferencesFields({ fields }: { fields: ApplicationFields }) {
  const optional = (label: string) => `${label} (${a.optional})`;
  return (
    <>
      <fieldset className="grid gap-4">
        <legend className="mb-1 text-base font-semibold">{a.steps.references}</legend>
        <p className="-mt-2 text-sm text-muted-foreground">{f.referencesIntro}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={optional(f.referenceFirstName)}
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
            label={optional(f.referenceLastName)}
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
          label={optional(f.referencePhone)}
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
        label={optional(f.availableFunds)}
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
    </>
  );
}

/** Step 4's background-check consent: a native checkbox with its hint and error. */
export function ConsentField({ fields }: { fields: ApplicationFields }) {
  const field = fields.background_check_consent;
  return (
    // Kept clear of the round contact button (ADR 047): the consent is read before it is given.
    <div className="grid gap-1" data-keep-clear>
      <div className="flex items-start gap-3">
        <input
          {...getInputProps(field, { type: "checkbox", ariaAttributes: false })}
          aria-invalid={field.errors ? true : undefined}
          aria-describedby={cn(`${field.id}-hint`, field.errors && field.errorId)}
          className="mt-0.5 size-5 shrink-0 accent-primary"
        />
        <label htmlFor={field.id} className="text-sm leading-snug">
          {f.backgroundCheck}
          <span aria-hidden="true" className="text-destructive">
            {" *"}
          </span>
        </label>
      </div>
      <p id={`${field.id}-hint`} className="pl-8 text-sm text-muted-foreground">
        {f.backgroundCheckHint}
      </p>
      {field.errors ? (
        <p id={field.errorId} className="pl-8 text-sm font-medium text-destructive">
          {field.errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
