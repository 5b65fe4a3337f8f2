import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { BadgePercent } from "lucide-react";

import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { PROMO_CODE_MAX_LENGTH } from "~/domain/offers/promo";
import { offersMessages } from "~/lib/messages/offers.fr";

const p = offersMessages.promo;

/**
 * The booking summary's promo code (ADR 050, 084): a field of the booking form and an 'Appliquer'
 * button that posts the form with intent 'promo' (no script needed; the form's other fields keep
 * what was typed and are not validated). The booking itself checks the code again.
 */
export function PromoCodeField({
  field,
  applied,
}: {
  field: FieldMetadata<unknown>;
  /** The code the server accepted, shown as applied. */
  applied: string | null;
}) {
  return (
    <div className="grid gap-2 rounded-lg border bg-card p-4">
      <Field
        label={p.label}
        id={field.id}
        error={field.errors}
        description={applied ? p.appliedNote(applied) : p.hint}
      >
        <Input
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={PROMO_CODE_MAX_LENGTH + 8}
          className="uppercase"
          data-testid="promo-code"
          {...getInputProps(field as FieldMetadata<string>, { type: "text", ariaAttributes: false })}
        />
      </Field>
      <Button
        type="submit"
        name="intent"
        value="promo"
        variant="outline"
        formNoValidate
        className="justify-self-start"
      >
        <BadgePercent aria-hidden="true" />
        {p.apply}
      </Button>
    </div>
  );
}
