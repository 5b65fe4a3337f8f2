import {
  getFormProps,
  getInputProps,
  getSelectProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { NativeSelect } from "~/components/admin/native-select";
import { FormErrors } from "~/components/forms/form-errors";
import { InputField } from "~/components/forms/input-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { DiscountFields } from "./discount-fields";
import {
  PromoCodeFieldsSchema,
  PromoCodeFormSchema,
  type PromoCodeForm as PromoCodeValues,
} from "~/domain/offers/schemas";
import { offersMessages } from "~/lib/messages/offers.fr";

const t = offersMessages.admin;
const checkbox = "size-5 shrink-0 accent-primary";

/** The form's fields as the browser sends them. */
export interface PromoCodeFields {
  code: string;
  kind: string;
  value: string;
  startsOn: string;
  endsOn: string;
  maxUses: string;
  oncePerCustomer: string;
  firstBookingOnly: string;
  zoneIds: string[];
  minCars: string;
}

export interface ZoneOption {
  id: string;
  name: string;
}

/**
 * The admin's code form (ADR 050, 057): creation and edition share it, and the server parses it
 * with the same schema (PromoCodeFormSchema).
 */
export function PromoCodeForm({
  zones,
  lastResult,
  intent,
  title,
  description,
  submitLabel,
  defaultValue = { kind: "percent", minCars: "1" },
}: {
  zones: ZoneOption[];
  lastResult: SubmissionResult<string[]> | undefined;
  intent: "create" | "update";
  title: string;
  description?: string;
  submitLabel: string;
  defaultValue?: Partial<PromoCodeFields>;
}) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const [form, fields] = useForm<PromoCodeFields, PromoCodeValues>({
    id: `promo-code-${intent}`,
    lastResult,
    constraint: getZodConstraint(PromoCodeFieldsSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PromoCodeFormSchema }),
  });
  const chosenZones = new Set(
    [fields.zoneIds.value ?? fields.zoneIds.initialValue ?? []]
      .flat()
      .filter((v): v is string => typeof v === "string"),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>
        <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value={intent} />
          <div className="empty:hidden sm:col-span-2">
            <FormErrors id={form.errorId} errors={form.errors} />
          </div>
          <InputField
            meta={fields.code}
            label={t.code}
            description={t.codeHint}
            autoCapitalize="characters"
            autoComplete="off"
            required
          />
          <DiscountFields kind={fields.kind} value={fields.value} />
          <Field label={t.minCars} id={fields.minCars.id} error={fields.minCars.errors} required>
            <NativeSelect {...getSelectProps(fields.minCars, { ariaAttributes: false })}>
              <option value="1">1</option>
              <option value="2">2</option>
              <option value="3">3</option>
            </NativeSelect>
          </Field>
          <Field label={t.startsAt} id={fields.startsOn.id} error={fields.startsOn.errors}>
            <Input {...getInputProps(fields.startsOn, { type: "date", ariaAttributes: false })} />
          </Field>
          <Field label={t.endsAt} id={fields.endsOn.id} error={fields.endsOn.errors}>
            <Input {...getInputProps(fields.endsOn, { type: "date", ariaAttributes: false })} />
          </Field>
          <Field
            label={t.maxUses}
            id={fields.maxUses.id}
            error={fields.maxUses.errors}
            description={t.maxUsesHint}
          >
            <Input
              inputMode="numeric"
              {...getInputProps(fields.maxUses, { type: "text", ariaAttributes: false })}
            />
          </Field>
          <div className="grid content-start gap-3 sm:col-span-2">
            <label className="flex items-center gap-3 text-sm">
              <input
                type="checkbox"
                name={fields.oncePerCustomer.name}
                defaultChecked={fields.oncePerCustomer.initialValue === "on"}
                className={checkbox}
              />
              {t.oncePerCustomer}
            </label>
            <label className="flex items-center gap-3 text-sm">
              <input
                type="checkbox"
                name={fields.firstBookingOnly.name}
                defaultChecked={fields.firstBookingOnly.initialValue === "on"}
                className={checkbox}
              />
              {t.firstBookingOnly}
            </label>
          </div>
          {zones.length > 0 ? (
            <fieldset className="grid gap-2 sm:col-span-2">
              <legend className="mb-2 text-sm font-medium">{t.zones}</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {zones.map((zone) => (
                  <label key={zone.id} className="flex items-center gap-3 text-sm">
                    <input
                      type="checkbox"
                      name={fields.zoneIds.name}
                      value={zone.id}
                      defaultChecked={chosenZones.has(zone.id)}
                      className={checkbox}
                    />
                    {zone.name}
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}
          <Button type="submit" loading={saving} className="sm:col-span-2 sm:justify-self-start">
            {submitLabel}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
