import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { FormErrors } from "~/components/forms/form-errors";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { DiscountFields } from "./discount-fields";
import { centsToPriceInput } from "~/domain/admin/money";
import {
  THANKYOU_MAX_VALID_DAYS,
  THANKYOU_MIN_VALID_DAYS,
  WINBACK_MAX_DAYS,
  WINBACK_MIN_DAYS,
  type ThankYouSettings,
} from "~/domain/offers/promo";
import { ThankYouFieldsSchema, ThankYouSettingsSchema } from "~/domain/offers/schemas";
import { offersMessages } from "~/lib/messages/offers.fr";

const t = offersMessages.admin;

/** N, the days without a wash before the win-back offer (ADR 050). */
export function WinbackSettings({ days, error }: { days: number; error: string | undefined }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t.winbackTitle}</CardTitle>
        <CardDescription>{t.winbackDaysHint}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" className="grid gap-4">
          <input type="hidden" name="intent" value="winback" />
          <Field label={t.winbackDays} id="winback-days" error={error ?? null} required>
            <Input
              name="days"
              type="number"
              inputMode="numeric"
              min={WINBACK_MIN_DAYS}
              max={WINBACK_MAX_DAYS}
              defaultValue={days}
            />
          </Field>
          <Button type="submit" variant="outline" className="justify-self-start">
            {t.winbackSave}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

/** The thank-you offer after a wash (ADR 057): on or off, its discount and how long the code lasts. */
export function ThankYouSettingsForm({
  settings,
  lastResult,
}: {
  settings: ThankYouSettings;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useForm({
    id: "thankyou-settings",
    lastResult,
    constraint: getZodConstraint(ThankYouFieldsSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: {
      enabled: settings.enabled ? "on" : "",
      kind: settings.kind,
      value: settings.kind === "percent" ? String(settings.value) : centsToPriceInput(settings.value),
      validDays: String(settings.validDays),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ThankYouSettingsSchema }),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t.thankyouTitle}</CardTitle>
        <CardDescription>{t.thankyouHint}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" {...getFormProps(form)} className="grid gap-4">
          <input type="hidden" name="intent" value="thankyou" />
          <FormErrors id={form.errorId} errors={form.errors} />
          <label className="flex items-center gap-3 text-sm">
            <input
              type="checkbox"
              name={fields.enabled.name}
              defaultChecked={fields.enabled.initialValue === "on"}
              className="size-5 shrink-0 accent-primary"
            />
            {t.thankyouEnabled}
          </label>
          <DiscountFields kind={fields.kind} value={fields.value} />
          <Field
            label={t.thankyouValidDays}
            id={fields.validDays.id}
            error={fields.validDays.errors}
            required
          >
            <Input
              inputMode="numeric"
              min={THANKYOU_MIN_VALID_DAYS}
              max={THANKYOU_MAX_VALID_DAYS}
              {...getInputProps(fields.validDays, { type: "number", ariaAttributes: false })}
            />
          </Field>
          <Button type="submit" variant="outline" className="justify-self-start">
            {t.thankyouSave}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
