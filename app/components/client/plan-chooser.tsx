import { Form } from "react-router";
import { NativeSelect } from "~/components/admin/native-select";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { formatMoney } from "~/lib/format";

/** A plan as the client's membership page offers it (ADR 095). */
export interface PlanChoice {
  id: string;
  name: string;
  description: string | null;
  serviceName: string;
  includedWashes: number;
  extrasPercent: number;
  monthlyPriceCents: number;
  /** One vehicle's month, taxes included. */
  withTaxesCents: number;
}

/**
 * The plans a client without a live membership may choose (ADR 095): plan, zone and vehicles,
 * then the first month paid on Stripe's hosted page (the form posts intent 'subscribe').
 */
export function PlanChooser({
  plans,
  zones,
  online,
  requestKey,
  busy,
}: {
  plans: readonly PlanChoice[];
  zones: readonly { routeSlug: string; zoneName: string }[];
  online: boolean;
  requestKey: string;
  busy: boolean;
}) {
  return (
    <section aria-labelledby="plans-title" className="grid gap-4">
      <h2 id="plans-title" className="text-xl font-semibold">
        Choisir un forfait
      </h2>
      {!online || plans.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center font-medium">
          Aucun abonnement n'est offert en ligne pour l'instant.
        </p>
      ) : (
        <Form method="post" className="grid gap-4 rounded-lg border bg-card p-4 sm:p-6">
          <input type="hidden" name="intent" value="subscribe" />
          <input type="hidden" name="requestKey" value={requestKey} />
          <fieldset className="grid gap-3">
            <legend className="mb-2 font-medium">Forfait</legend>
            {plans.map((plan, index) => (
              <label
                key={plan.id}
                className="flex min-h-11 gap-3 rounded-md border p-3 has-checked:border-primary"
              >
                <input
                  type="radio"
                  name="planId"
                  value={plan.id}
                  defaultChecked={index === 0}
                  className="mt-1 size-5 accent-primary"
                />
                <span className="grid gap-1">
                  <span className="font-semibold">
                    {plan.name} : {formatMoney(plan.monthlyPriceCents)} par véhicule, par mois (
                    {formatMoney(plan.withTaxesCents)} taxes incluses)
                  </span>
                  <span className="text-sm text-muted-foreground">
                    {plan.includedWashes} × {plan.serviceName} inclus par véhicule chaque mois,{" "}
                    {plan.extrasPercent} % de rabais sur les extras.
                  </span>
                  {plan.description ? <span className="text-sm">{plan.description}</span> : null}
                </span>
              </label>
            ))}
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Votre secteur" required>
              <NativeSelect name="zone" defaultValue={zones[0]?.routeSlug}>
                {zones.map((zone) => (
                  <option key={zone.routeSlug} value={zone.routeSlug}>
                    {zone.zoneName}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field label="Nombre de véhicules" required>
              <NativeSelect name="vehicles" defaultValue="1">
                <option value="1">1 véhicule</option>
                <option value="2">2 véhicules</option>
                <option value="3">3 véhicules</option>
              </NativeSelect>
            </Field>
          </div>
          <p className="text-sm text-muted-foreground">
            Le premier mois est payé maintenant sur la page sécurisée de Stripe, qui garde votre carte pour
            les mois suivants. Vous pouvez mettre en pause ou annuler en tout temps ici.
          </p>
          <Button type="submit" className="sm:justify-self-start" loading={busy}>
            S'abonner et payer
          </Button>
        </Form>
      )}
    </section>
  );
}
