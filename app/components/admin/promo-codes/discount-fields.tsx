import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { NativeSelect } from "~/components/admin/native-select";
import { InputField } from "~/components/forms/input-field";
import { Field } from "~/components/ui/field";
import { offersMessages } from "~/lib/messages/offers.fr";

const t = offersMessages.admin;

/**
 * A discount's kind (percent or dollars) and value, bound to Conform fields: the promo code form
 * and the thank-you offer's settings share it, as their schemas share `discountFields`.
 */
export function DiscountFields({
  kind,
  value,
}: {
  kind: FieldMetadata<string | undefined>;
  value: FieldMetadata<string | undefined>;
}) {
  return (
    <>
      <Field label={t.kind} id={kind.id} error={kind.errors} required>
        <NativeSelect {...getSelectProps(kind, { ariaAttributes: false })}>
          <option value="percent">{t.kindPercent}</option>
          <option value="fixed">{t.kindFixed}</option>
        </NativeSelect>
      </Field>
      <InputField meta={value} label={t.value} description={t.valueHint} inputMode="decimal" required />
    </>
  );
}
