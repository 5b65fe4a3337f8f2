import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useEffect, type RefObject } from "react";

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

/**
 * A gift card code typed before « Modifier » (ADR 093): kept for this tab only, never in a URL.
 * Without JavaScript it is typed again.
 */
const GIFT_CARD_KEY = "wizard-gift-card";

/**
 * Puts the code kept before « Modifier » back into the form's empty gift card field, once; returns
 * the function that keeps the code typed (called by « Modifier »).
 */
export function useRememberedGiftCard(formRef: RefObject<HTMLFormElement | null>, giftCardName: string) {
  useEffect(() => {
    let saved: string | null;
    try {
      saved = sessionStorage.getItem(GIFT_CARD_KEY);
      sessionStorage.removeItem(GIFT_CARD_KEY);
    } catch {
      return; // Storage refused (private mode): the code is typed again.
    }
    const input = formRef.current?.elements.namedItem(giftCardName);
    if (saved && input instanceof HTMLInputElement && input.value === "") input.value = saved;
  }, [formRef, giftCardName]);
  return () => {
    const input = formRef.current?.elements.namedItem(giftCardName);
    const code = input instanceof HTMLInputElement ? input.value.trim() : "";
    try {
      if (code) sessionStorage.setItem(GIFT_CARD_KEY, code);
    } catch {
      // Storage refused: the code is typed again.
    }
  };
}
