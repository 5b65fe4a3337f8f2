import { Crown } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { NativeSelect } from "~/components/admin/native-select";
import { PageHeader } from "~/components/admin/page-header";
import { FormErrors } from "~/components/forms/form-errors";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { centsToPriceInput } from "~/domain/admin/money";
import { MembershipPlanFormSchema } from "~/domain/memberships/memberships";
import { formatMoney } from "~/lib/format";
import { requireRole } from "~/server/http/require-role.server";
import { getDb } from "~/server/db.server";
import { listActiveServices } from "~/server/services/catalog/list-active-services.server";
import { listPlans, savePlan } from "~/server/services/memberships/membership-plans.server";
import { adminFailure, redirectWithToast } from "./admin-answers.server";
import type { Route } from "./+types/memberships";

export const meta: Route.MetaFunction = () => [
  { title: "Abonnements | Lavage Mobile Prestige" },
  { name: "robots", content: "noindex" },
];

/** The membership plans (ADR 095): created and edited by the admin only. */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireRole({ request, url }, ["admin"]);
  const db = getDb();
  const [plans, services] = await Promise.all([listPlans(db), listActiveServices(db)]);
  return { plans, services: services.map(({ id, name }) => ({ id, name })) };
}

type Values = Record<string, string>;
type ActionData = { form: string; values: Values; errors: Record<string, string[] | undefined> };

export async function action({ request, url }: Route.ActionArgs) {
  await requireRole({ request, url }, ["admin"]);
  const formData = await request.formData();
  const values: Values = {};
  for (const [key, value] of formData) if (typeof value === "string") values[key] = value;
  const form = values.id || "new";
  const parsed = MembershipPlanFormSchema.safeParse({ ...values, id: values.id || undefined });
  if (!parsed.success) {
    const errors: ActionData["errors"] = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.join(".");
      errors[key] = [...(errors[key] ?? []), issue.message];
    }
    return data<ActionData>({ form, values, errors }, { status: 400 });
  }
  try {
    await savePlan(getDb(), parsed.data);
    return redirectWithToast(url, parsed.data.id ? "Forfait enregistré." : "Forfait ajouté.");
  } catch (error) {
    const failure = adminFailure(error, {});
    return data<ActionData>({ form, values, errors: { "": [failure.message] } }, { status: failure.status });
  }
}

type Loaded = Route.ComponentProps["loaderData"];

function PlanForm({
  plan,
  services,
  failed,
}: {
  plan: Loaded["plans"][number]["plan"] | null;
  services: Loaded["services"];
  failed: ActionData | null;
}) {
  const navigation = useNavigation();
  const key = plan?.id ?? "new";
  const typed = failed?.form === key ? failed : null;
  const errorOf = (name: string) => typed?.errors[name];
  const value = (name: string, fallback: string) => (typed ? (typed.values[name] ?? "") : fallback);
  const saving =
    navigation.state !== "idle" && (navigation.formData?.get("id") ?? "new") === (plan?.id ?? "");
  return (
    <Form method="post" className="grid gap-4" aria-describedby={`plan-${key}-errors`}>
      {plan ? <input type="hidden" name="id" value={plan.id} /> : null}
      <FormErrors id={`plan-${key}-errors`} errors={errorOf("")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Nom du forfait" error={errorOf("name")} required>
          <Input
            name="name"
            defaultValue={value("name", plan?.name ?? "")}
            maxLength={80}
            autoComplete="off"
          />
        </Field>
        <Field label="Prix par véhicule, par mois (avant taxes)" error={errorOf("monthlyPrice")} required>
          <Input
            name="monthlyPrice"
            inputMode="decimal"
            defaultValue={value("monthlyPrice", plan ? centsToPriceInput(plan.monthlyPriceCents) : "")}
            autoComplete="off"
          />
        </Field>
        <Field label="Lavage inclus" error={errorOf("serviceId")} required>
          <NativeSelect
            name="serviceId"
            defaultValue={value("serviceId", plan?.serviceId ?? services[0]?.id ?? "")}
          >
            {services.map((service) => (
              <option key={service.id} value={service.id}>
                {service.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Lavages inclus par véhicule, par mois" error={errorOf("includedWashes")} required>
          <Input
            name="includedWashes"
            inputMode="numeric"
            defaultValue={value("includedWashes", String(plan?.includedWashes ?? 1))}
          />
        </Field>
        <Field label="Rabais sur les extras (%)" error={errorOf("extrasDiscountPercent")} required>
          <Input
            name="extrasDiscountPercent"
            inputMode="decimal"
            defaultValue={value(
              "extrasDiscountPercent",
              String((plan?.extrasDiscountBasisPoints ?? 0) / 100),
            )}
          />
        </Field>
        <label className="flex min-h-11 items-center gap-3 self-end">
          <input
            type="checkbox"
            name="isActive"
            defaultChecked={typed ? typed.values.isActive === "on" : (plan?.isActive ?? true)}
            className="size-5 accent-primary"
          />
          <span>Offert aux nouveaux abonnés</span>
        </label>
      </div>
      <Field label="Description (facultative)" error={errorOf("description")}>
        <Input
          name="description"
          defaultValue={value("description", plan?.description ?? "")}
          maxLength={300}
        />
      </Field>
      <Button type="submit" className="sm:justify-self-start" loading={saving}>
        {plan ? "Enregistrer" : "Ajouter le forfait"}
      </Button>
    </Form>
  );
}

export default function MembershipsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { plans, services } = loaderData;
  const failed = actionData ?? null;
  return (
    <div className="grid gap-8">
      <PageHeader
        title="Abonnements"
        description="Les forfaits mensuels offerts aux clients : prix par véhicule (taxes en sus, comme un lavage), lavages inclus et rabais sur les extras. Un changement de prix s'applique aux nouveaux abonnements."
      />
      {plans.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center font-medium">
          Aucun forfait pour l'instant.
        </p>
      ) : (
        <ul className="grid gap-4" aria-label="Forfaits">
          {plans.map(({ plan, serviceName }) => (
            <li key={plan.id} className="grid gap-4 rounded-lg border bg-card p-4 sm:p-6">
              <div className="flex flex-wrap items-center gap-2">
                <Crown aria-hidden="true" className="size-5 text-primary" />
                <h2 className="text-lg font-semibold">{plan.name}</h2>
                <Badge variant="secondary">{formatMoney(plan.monthlyPriceCents)} / mois</Badge>
                {!plan.isActive ? <Badge variant="outline">Plus offert</Badge> : null}
              </div>
              <p className="text-sm text-muted-foreground">
                {plan.includedWashes} × {serviceName} par véhicule, {plan.extrasDiscountBasisPoints / 100} %
                sur les extras
              </p>
              <PlanForm key={JSON.stringify(plan)} plan={plan} services={services} failed={failed} />
            </li>
          ))}
        </ul>
      )}
      <section
        aria-labelledby="new-plan-title"
        className="grid gap-4 rounded-lg border border-dashed p-4 sm:p-6"
      >
        <h2 id="new-plan-title" className="text-lg font-semibold">
          Nouveau forfait
        </h2>
        <PlanForm plan={null} services={services} failed={failed} />
      </section>
    </div>
  );
}
