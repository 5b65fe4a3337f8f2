import { Car } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { FormErrors } from "~/components/forms/form-errors";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { centsToPriceInput } from "~/domain/admin/money";
import { SizeClassSettingsSchema, VEHICLE_LIMITS } from "~/domain/booking/vehicle-schemas";
import { formatMoney } from "~/lib/format";
import { vehiclesMessages } from "~/lib/messages/vehicles.fr";
import { requireRole } from "~/server/http/require-role.server";
import { getDb } from "~/server/db.server";
import { listSizeClassSettings, saveSizeClass } from "~/server/services/vehicles/size-classes.server";
import { adminFailure, redirectWithToast } from "./admin-answers.server";
import type { Route } from "./+types/vehicle-classes";

const t = vehiclesMessages.admin;

export const meta: Route.MetaFunction = () => [
  { title: `${t.title} | Lavage Mobile Prestige` },
  { name: "robots", content: "noindex" },
];

/** The size classes and their price difference per service (ADR 085). */
export async function loader({ request, url }: Route.LoaderArgs) {
  const actor = await requireRole({ request, url }, ["admin"]);
  return listSizeClassSettings(getDb(), { actor });
}

/** The form as posted: `difference.<serviceId>` fields become one record. */
function settingsOf(formData: FormData) {
  const difference: Record<string, string> = {};
  for (const [key, value] of formData) {
    if (key.startsWith("difference.") && typeof value === "string") difference[key.slice(11)] = value;
  }
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : undefined;
  };
  return {
    sizeClassId: text("sizeClassId") || undefined,
    name: text("name") ?? "",
    active: text("active"),
    difference,
  };
}

type ActionData = {
  /** Which form failed ('new' for the new class), with what was typed and the messages. */
  form: string;
  values: ReturnType<typeof settingsOf>;
  errors: Record<string, string[] | undefined>;
};

/** Saves one class (or adds one): the shared schema, the typed values kept on error. */
export async function action({ request, url }: Route.ActionArgs) {
  const actor = await requireRole({ request, url }, ["admin"]);
  const values = settingsOf(await request.formData());
  const form = values.sizeClassId ?? "new";
  const parsed = SizeClassSettingsSchema.safeParse(values);
  if (!parsed.success) {
    const errors: ActionData["errors"] = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.join(".");
      errors[key] = [...(errors[key] ?? []), issue.message];
    }
    return data<ActionData>({ form, values, errors }, { status: 400 });
  }
  try {
    const saved = await saveSizeClass(getDb(), { actor, input: parsed.data });
    return redirectWithToast(url, saved.created ? t.added : t.saved);
  } catch (error) {
    const failure = adminFailure(error, { SLUG_TAKEN: t.nameTaken });
    return data<ActionData>({ form, values, errors: { "": [failure.message] } }, { status: failure.status });
  }
}

type Settings = Route.ComponentProps["loaderData"];

function ClassForm({
  sizeClass,
  services,
  failed,
}: {
  sizeClass: Settings["classes"][number] | null;
  services: Settings["services"];
  failed: ActionData | null;
}) {
  const navigation = useNavigation();
  const key = sizeClass?.id ?? "new";
  const typed = failed?.form === key ? failed : null;
  const errorOf = (field: string) => typed?.errors[field];
  const formErrorId = `class-${key}-errors`;
  const saving =
    navigation.formData?.get("sizeClassId") === (sizeClass?.id ?? null) && navigation.state !== "idle";
  return (
    <Form method="post" className="grid gap-4" aria-describedby={formErrorId}>
      {sizeClass ? <input type="hidden" name="sizeClassId" value={sizeClass.id} /> : null}
      <FormErrors id={formErrorId} errors={errorOf("")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t.name} error={errorOf("name")} required>
          <Input
            name="name"
            defaultValue={typed ? typed.values.name : (sizeClass?.name ?? "")}
            maxLength={VEHICLE_LIMITS.sizeClass}
            autoComplete="off"
          />
        </Field>
        {sizeClass?.isStandard ? null : (
          <label className="flex min-h-11 items-center gap-3 self-end">
            <input
              type="checkbox"
              name="active"
              defaultChecked={typed ? typed.values.active === "on" : (sizeClass?.isActive ?? true)}
              className="size-5 accent-primary"
            />
            <span>{t.active}</span>
          </label>
        )}
      </div>
      {sizeClass?.isStandard ? null : (
        <div className="grid gap-4 sm:grid-cols-2">
          {services.map((service) => (
            <Field
              key={service.id}
              label={t.difference(service.name)}
              description={t.basePrice(formatMoney(service.basePriceCents))}
              error={errorOf(`difference.${service.id}`)}
            >
              <Input
                name={`difference.${service.id}`}
                inputMode="decimal"
                defaultValue={
                  typed
                    ? (typed.values.difference[service.id] ?? "")
                    : signedPriceInput(sizeClass?.differences[service.id] ?? 0)
                }
                autoComplete="off"
              />
            </Field>
          ))}
        </div>
      )}
      <Button type="submit" className="sm:justify-self-start" loading={saving}>
        {sizeClass ? t.save : t.add}
      </Button>
    </Form>
  );
}

/** Signed cents as the admin types them back: -1050 -> '-10,50'. */
function signedPriceInput(cents: number): string {
  return cents < 0 ? `-${centsToPriceInput(-cents)}` : centsToPriceInput(cents);
}

export default function VehicleClassesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { classes, services } = loaderData;
  const failed = actionData ?? null;
  return (
    <div className="grid gap-8">
      <PageHeader title={t.title} description={t.intro} />
      <ul className="grid gap-4" aria-label={t.title}>
        {classes.map((sizeClass) => (
          <li key={sizeClass.id} className="grid gap-4 rounded-lg border bg-card p-4 sm:p-6">
            <div className="flex flex-wrap items-center gap-2">
              <Car aria-hidden="true" className="size-5 text-primary" />
              <h2 className="text-lg font-semibold">{sizeClass.name}</h2>
              {sizeClass.isStandard ? <Badge variant="secondary">{t.standard}</Badge> : null}
              {!sizeClass.isActive ? (
                <Badge variant="outline">{vehiclesMessages.admin.inactive}</Badge>
              ) : null}
            </div>
            {/* A saved change gives new defaults: a new form shows them (uncontrolled inputs). */}
            <ClassForm
              key={JSON.stringify(sizeClass)}
              sizeClass={sizeClass}
              services={services}
              failed={failed}
            />
          </li>
        ))}
      </ul>
      <section
        aria-labelledby="new-class-title"
        className="grid gap-4 rounded-lg border border-dashed p-4 sm:p-6"
      >
        <h2 id="new-class-title" className="text-lg font-semibold">
          {t.addTitle}
        </h2>
        <ClassForm sizeClass={null} services={services} failed={failed} />
      </section>
    </div>
  );
}
