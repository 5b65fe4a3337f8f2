import {
  getFormProps,
  getInputProps,
  getSelectProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData, useNavigation } from "react-router";
import { ActionButton } from "~/components/admin/confirm-submit";
import { NativeSelect } from "~/components/admin/native-select";
import { EmptyState, PageHeader } from "~/components/admin/page-header";
import { FormErrors } from "~/components/forms/form-errors";
import { InputField } from "~/components/forms/input-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { DataTable } from "~/components/ui/data-table";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import {
  PromoCodeActiveSchema,
  PromoCodeFieldsSchema,
  PromoCodeFormSchema,
  WinbackSettingsSchema,
} from "~/domain/offers/schemas";
import { WINBACK_MAX_DAYS, WINBACK_MIN_DAYS } from "~/domain/offers/promo";
import { AppError } from "~/lib/errors";
import { formatMoney } from "~/lib/format";
import { messages } from "~/lib/messages.fr";
import { requireRole } from "~/server/auth.server";
import { getDb } from "~/server/db.server";
import {
  campaignFigures,
  createPromoCode,
  listPromoCodes,
  setPromoCodeActive,
  type AdminPromoCode,
  type OfferFigures,
} from "~/server/services/offers/manage-promo-codes.server";
import { setWinbackDays, winbackDays } from "~/server/services/offers/winback.server";
import { listZones } from "~/server/services/zones/list-zones.server";
import { redirectWithToast } from "./admin-answers.server";
import type { Route } from "./+types/promo-codes";
import { adminMessages } from "~/lib/messages/admin.fr";

const t = messages.offers.admin;
const c = t.columns;

export const meta: Route.MetaFunction = () => [
  { title: `${t.title} | Lavage Mobile Prestige` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, ["admin"]);
  const db = getDb();
  const [codes, campaigns, zones, days] = await Promise.all([
    listPromoCodes(db, { actor }),
    campaignFigures(db, { actor }),
    listZones(db),
    winbackDays(db),
  ]);
  return { codes, campaigns, zones: zones.map((z) => ({ id: z.id, name: z.zoneName })), days };
}

type ActionData = { result?: SubmissionResult<string[]>; error?: string; winbackError?: string };

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireRole(request, ["admin"]);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const db = getDb();

  if (intent === "active") {
    const parsed = PromoCodeActiveSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success)
      return data<ActionData>({ error: adminMessages.common.invalidRequest }, { status: 400 });
    try {
      const { code } = await setPromoCodeActive(db, { actor, ...parsed.data });
      return redirectWithToast(request, parsed.data.active ? t.activated(code) : t.deactivated(code));
    } catch (error) {
      if (error instanceof AppError && error.code === "NOT_FOUND")
        return data<ActionData>({ error: adminMessages.common.notFound }, { status: 404 });
      throw error;
    }
  }
  if (intent === "winback") {
    const parsed = WinbackSettingsSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) {
      return data<ActionData>({ winbackError: parsed.error.issues[0]?.message }, { status: 400 });
    }
    await setWinbackDays(db, parsed.data.days);
    return redirectWithToast(request, t.winbackSaved(parsed.data.days));
  }

  const submission = parseWithZod(formData, { schema: PromoCodeFormSchema });
  if (submission.status !== "success")
    return data<ActionData>({ result: submission.reply() }, { status: 400 });
  try {
    const { code } = await createPromoCode(db, { actor, input: submission.value });
    return redirectWithToast(request, t.created(code));
  } catch (error) {
    if (error instanceof AppError && error.message === "CODE_TAKEN") {
      return data<ActionData>(
        { result: submission.reply({ fieldErrors: { code: [t.codeTaken] } }) },
        { status: 409 },
      );
    }
    throw error;
  }
}

const dayFormat = new Intl.DateTimeFormat("fr-CA", { timeZone: "America/Toronto", dateStyle: "medium" });

function discountText(code: Pick<AdminPromoCode, "kind" | "value">) {
  return code.kind === "percent" ? `${code.value} %` : formatMoney(code.value);
}

function periodText(code: AdminPromoCode) {
  if (!code.startsAt && !code.endsAt) return t.always;
  // The end is stored as the start of the day after the last one.
  const last = code.endsAt ? dayFormat.format(new Date(new Date(code.endsAt).getTime() - 60_000)) : "…";
  return `${code.startsAt ? dayFormat.format(new Date(code.startsAt)) : "…"} – ${last}`;
}

export default function PromoCodesPage({ loaderData }: Route.ComponentProps) {
  const { codes, campaigns, zones, days } = loaderData;
  const actionData = useActionData<typeof action>();
  return (
    <div className="grid gap-8">
      <PageHeader title={t.title} description={t.description} />
      {actionData?.error ? <FormErrors id="promo-error" errors={[actionData.error]} /> : null}

      <section aria-labelledby="campaigns-title" className="grid gap-3">
        <h2 id="campaigns-title" className="text-xl font-semibold">
          {t.campaignsTitle}
        </h2>
        <DataTable
          label={t.campaignsTitle}
          caption={t.campaignsTitle}
          columns={[
            { label: c.campaign },
            { label: c.sent, align: "right" },
            { label: c.used, align: "right" },
            { label: c.bookings, align: "right" },
            { label: c.revenue, align: "right" },
            { label: c.discounts, align: "right" },
          ]}
        >
          {(["admin", "referral", "winback"] as const).map((campaign) => (
            <FiguresRow key={campaign} label={t.campaigns[campaign]} figures={campaigns[campaign]} />
          ))}
        </DataTable>
      </section>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
        <CreateCodeForm zones={zones} lastResult={actionData?.result} />
        <WinbackSettings days={days} error={actionData?.winbackError} />
      </div>

      <section aria-labelledby="codes-title" className="grid gap-3">
        <h2 id="codes-title" className="text-xl font-semibold">
          {t.codesTitle}
        </h2>
        {codes.length === 0 ? (
          <EmptyState>{t.noCodes}</EmptyState>
        ) : (
          <DataTable
            label={t.codesTitle}
            caption={t.codesTitle}
            columns={[
              { label: c.code },
              { label: c.discount },
              { label: c.period },
              { label: c.uses, align: "right" },
              { label: c.bookings, align: "right" },
              { label: c.revenue, align: "right" },
              { label: c.discounts, align: "right" },
              { label: c.status },
              { label: <span className="sr-only">{c.actions}</span> },
            ]}
          >
            {codes.map((code) => (
              <CodeRow key={code.id} code={code} />
            ))}
          </DataTable>
        )}
      </section>
    </div>
  );
}

function FiguresRow({ label, figures }: { label: string; figures: OfferFigures }) {
  return (
    <tr className="border-t">
      <th scope="row" className="p-3 text-left font-medium">
        {label}
      </th>
      <td className="p-3 text-right tabular-nums">{figures.sent ?? "—"}</td>
      <td className="p-3 text-right tabular-nums">{figures.used}</td>
      <td className="p-3 text-right tabular-nums">{figures.bookings}</td>
      <td className="p-3 text-right tabular-nums">{formatMoney(figures.revenueCents)}</td>
      <td className="p-3 text-right tabular-nums">{formatMoney(figures.discountCents)}</td>
    </tr>
  );
}

function CodeRow({ code }: { code: AdminPromoCode }) {
  const rules = [
    code.oncePerCustomer ? t.oncePerCustomer : null,
    code.firstBookingOnly ? t.firstBookingOnly : null,
    code.minCars > 1 ? `${t.minCars} : ${code.minCars}` : null,
    code.zoneNames.length > 0 ? code.zoneNames.join(", ") : null,
  ].filter(Boolean);
  return (
    <tr className="border-t align-top">
      <th scope="row" className="p-3 text-left">
        <span className="font-mono font-semibold">{code.code}</span>
        {rules.length > 0 ? (
          <span className="block text-xs font-normal text-muted-foreground">{rules.join(" · ")}</span>
        ) : null}
      </th>
      <td className="p-3 whitespace-nowrap">{discountText(code)}</td>
      <td className="p-3 whitespace-nowrap">{periodText(code)}</td>
      <td className="p-3 text-right whitespace-nowrap tabular-nums">
        {code.usesCount} / {code.maxUses ?? t.unlimited}
      </td>
      <td className="p-3 text-right tabular-nums">{code.bookings}</td>
      <td className="p-3 text-right tabular-nums">{formatMoney(code.revenueCents)}</td>
      <td className="p-3 text-right tabular-nums">{formatMoney(code.discountCents)}</td>
      <td className="p-3">
        <Badge variant={code.isActive ? "success" : "secondary"}>
          {code.isActive ? t.active : t.inactive}
        </Badge>
      </td>
      <td className="p-3">
        <ActionButton
          fields={{ intent: "active", id: code.id, active: code.isActive ? "false" : "true" }}
          variant="outline"
          size="sm"
          aria-label={`${code.isActive ? t.deactivate : t.activate} ${code.code}`}
        >
          {code.isActive ? t.deactivate : t.activate}
        </ActionButton>
      </td>
    </tr>
  );
}

function CreateCodeForm({
  zones,
  lastResult,
}: {
  zones: { id: string; name: string }[];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "create";
  const [form, fields] = useForm({
    id: "promo-code-form",
    lastResult,
    constraint: getZodConstraint(PromoCodeFieldsSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { kind: "percent", minCars: "1" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PromoCodeFormSchema }),
  });
  const chosenZones = new Set(
    [fields.zoneIds.value ?? fields.zoneIds.initialValue ?? []]
      .flat()
      .filter((v): v is string => typeof v === "string"),
  );
  const checkbox = "size-5 shrink-0 accent-primary";
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t.createTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="create" />
          <FormErrors id={form.errorId} errors={form.errors} />
          <InputField
            meta={fields.code}
            label={t.code}
            description={t.codeHint}
            autoCapitalize="characters"
            autoComplete="off"
            required
          />
          <Field label={t.kind} id={fields.kind.id} error={fields.kind.errors} required>
            <NativeSelect {...getSelectProps(fields.kind, { ariaAttributes: false })}>
              <option value="percent">{t.kindPercent}</option>
              <option value="fixed">{t.kindFixed}</option>
            </NativeSelect>
          </Field>
          <InputField
            meta={fields.value}
            label={t.value}
            description={t.valueHint}
            inputMode="decimal"
            required
          />
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
            {t.create}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

function WinbackSettings({ days, error }: { days: number; error: string | undefined }) {
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
