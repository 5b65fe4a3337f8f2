import { getInputProps, type FieldMetadata } from "@conform-to/react";

import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { giftCardMessages } from "~/lib/messages/gift-cards.fr";

const g = giftCardMessages.booking;

/**
 * The booking form's gift card code (ADR 087): a plain field, spent by the booking itself, which
 * refuses the booking with this field's error when the card cannot pay.
 */
export function GiftCardField({ field }: { field: FieldMetadata<unknown> }) {
  return (
    <div className="grid gap-2 rounded-lg border bg-card p-4">
      <Field label={g.label} id={field.id} error={field.errors} description={g.hint}>
        <Input
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={24}
          placeholder="XXXX-XXXX-XXXX-XXXX"
          className="uppercase"
          data-testid="gift-card-code"
          {...getInputProps(field as FieldMetadata<string>, { type: "text", ariaAttributes: false })}
        />
      </Field>
    </div>
  );
}
