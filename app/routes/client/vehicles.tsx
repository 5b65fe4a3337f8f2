import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, Car } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { NativeSelect } from "~/components/admin/native-select";
import { FormErrors } from "~/components/forms/form-errors";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { VEHICLE_LIMITS, VehicleSchema, VEHICLES_MAX } from "~/domain/booking/vehicle-schemas";
import { formatMoney } from "~/lib/format";
import { vehiclesMessages } from "~/lib/messages/vehicles.fr";
import { z } from "~/lib/zod-fr";
import { requireRole } from "~/server/http/require-role.server";
import { getDb } from "~/server/db.server";
import { flashHeaders } from "~/server/flash.server";
import { failureOf, formFailure } from "~/server/http/failure.server";
import { listActiveServices } from "~/server/services/catalog/list-active-services.server";
import {
  addCustomerVehicle,
  listCustomerVehicles,
  removeCustomerVehicle,
} from "~/server/services/vehicles/customer-vehicles.server";
import { loadPricedSizeClasses } from "~/server/services/vehicles/size-classes.server";
import type { Route } from "./+types/vehicles";

const t = vehiclesMessages;

export const meta: Route.MetaFunction = () => [
  { title: `${t.metaTitle} | Lavage Mobile Prestige` },
  { name: "robots", content: "noindex" },
];

/** The client's saved vehicles (ADR 085) and the size classes, priced for the first service. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireRole({ request, url }, ["client"]);
  const db = getDb();
  const [vehicles, services] = await Promise.all([
    listCustomerVehicles(db, { actor: user }),
    listActiveServices(db),
  ]);
  const service = services[0] ?? null;
  const classes = service ? await loadPricedSizeClasses(db, service.id) : [];
  return {
    vehicles,
    full: vehicles.length >= VEHICLES_MAX,
    classes: classes.map(({ slug, name, differenceCents }) => ({
      slug,
      name,
      priceCents: service ? Math.max(0, service.basePriceCents + differenceCents) : null,
    })),
  };
}

const RemoveSchema = z.object({ vehicleId: z.uuid() });

/** intent 'add' (the shared schema, the typed values kept on error) or 'remove' (one of their own). */
export async function action({ request, url }: Route.ActionArgs) {
  const user = await requireRole({ request, url }, ["client"]);
  const db = getDb();
  const formData = await request.formData();
  if (formData.get("intent") === "remove") {
    const parsed = RemoveSchema.safeParse({ vehicleId: formData.get("vehicleId") ?? "" });
    try {
      if (!parsed.success) throw new Response(null, { status: 404 });
      await removeCustomerVehicle(db, { actor: user, vehicleId: parsed.data.vehicleId });
    } catch (error) {
      const { status, message } = failureOf(error);
      return data({ intent: "remove" as const, error: message, result: undefined }, { status });
    }
    throw redirect("/client/vehicles", { headers: await flashHeaders({ title: t.removed }) });
  }
  const submission = parseWithZod(formData, { schema: VehicleSchema });
  if (submission.status !== "success") {
    return data({ intent: "add" as const, error: null, result: submission.reply() }, { status: 400 });
  }
  try {
    await addCustomerVehicle(db, { actor: user, input: submission.value });
  } catch (error) {
    const { failure, result } = formFailure(error, submission, { fields: { UNKNOWN_VEHICLE: "sizeClass" } });
    return data({ intent: "add" as const, error: null, result }, { status: failure.status });
  }
  throw redirect("/client/vehicles", { headers: await flashHeaders({ title: t.added }) });
}

export default function VehiclesPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { vehicles, classes, full } = loaderData;
  const [form, fields] = useForm({
    id: "vehicle-form",
    lastResult: actionData?.intent === "add" ? actionData.result : undefined,
    constraint: getZodConstraint(VehicleSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { sizeClass: classes[0]?.slug },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: VehicleSchema }),
  });
  const adding = navigation.formData?.get("intent") === "add";
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:py-12">
      <div>
        <Button asChild variant="ghost" size="sm" className="-ml-3">
          <Link to="/client">
            <ArrowLeft aria-hidden="true" />
            {t.back}
          </Link>
        </Button>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">{t.title}</h1>
        <p className="mt-1 text-muted-foreground">{t.intro}</p>
      </div>
      <FormErrors
        id="vehicle-errors"
        errors={actionData?.intent === "remove" && actionData.error ? [actionData.error] : undefined}
      />
      {vehicles.length === 0 ? (
        <p
          className="rounded-lg border border-dashed p-6 text-center font-medium"
          data-testid="vehicles-empty"
        >
          {t.empty}
        </p>
      ) : (
        <ul className="grid gap-3" aria-label={t.listLabel}>
          {vehicles.map((vehicle) => (
            <li
              key={vehicle.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-card p-4"
            >
              <div className="flex min-w-0 items-center gap-3">
                <Car aria-hidden="true" className="size-6 shrink-0 text-primary" />
                <div className="min-w-0">
                  <p className="font-semibold break-words">{vehicle.label}</p>
                  <p className="text-sm text-muted-foreground">
                    {vehicle.sizeClassName}
                    {vehicle.plate ? ` · ${t.plateShown(vehicle.plate)}` : ""}
                  </p>
                </div>
              </div>
              <Form method="post">
                <input type="hidden" name="vehicleId" value={vehicle.id} />
                <Button
                  type="submit"
                  name="intent"
                  value="remove"
                  variant="outline"
                  aria-label={t.removeLabel(vehicle.label)}
                  loading={navigation.formData?.get("vehicleId") === vehicle.id}
                >
                  {t.remove}
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}

      <section
        aria-labelledby="add-vehicle-title"
        className="grid gap-4 rounded-lg border bg-card p-4 sm:p-6"
      >
        <h2 id="add-vehicle-title" className="text-xl font-semibold">
          {t.addTitle}
        </h2>
        {full ? (
          <p>{t.limit(VEHICLES_MAX)}</p>
        ) : (
          <Form method="post" {...getFormProps(form)} className="grid gap-x-4 gap-y-4 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <FormErrors id={form.errorId} errors={form.errors} />
            </div>
            <Field label={t.make} id={fields.make.id} error={fields.make.errors} required>
              <Input
                {...getInputProps(fields.make, { type: "text", ariaAttributes: false })}
                maxLength={VEHICLE_LIMITS.make}
                autoComplete="off"
              />
            </Field>
            <Field label={t.model} id={fields.model.id} error={fields.model.errors} required>
              <Input
                {...getInputProps(fields.model, { type: "text", ariaAttributes: false })}
                maxLength={VEHICLE_LIMITS.model}
                autoComplete="off"
              />
            </Field>
            <Field label={t.year} id={fields.year.id} error={fields.year.errors} required>
              <Input
                {...getInputProps(fields.year, { type: "text", ariaAttributes: false })}
                inputMode="numeric"
                maxLength={4}
                autoComplete="off"
              />
            </Field>
            <Field label={t.colour} id={fields.colour.id} error={fields.colour.errors} required>
              <Input
                {...getInputProps(fields.colour, { type: "text", ariaAttributes: false })}
                maxLength={VEHICLE_LIMITS.colour}
                autoComplete="off"
              />
            </Field>
            <Field label={t.plate} id={fields.plate.id} error={fields.plate.errors}>
              <Input
                {...getInputProps(fields.plate, { type: "text", ariaAttributes: false })}
                maxLength={VEHICLE_LIMITS.plate}
                autoCapitalize="characters"
                autoComplete="off"
              />
            </Field>
            <Field label={t.sizeClass} id={fields.sizeClass.id} error={fields.sizeClass.errors} required>
              <NativeSelect {...getSelectProps(fields.sizeClass, { ariaAttributes: false })}>
                {classes.map((c) => (
                  <option key={c.slug} value={c.slug}>
                    {c.priceCents === null ? c.name : `${c.name} (${formatMoney(c.priceCents)})`}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Button
              type="submit"
              name="intent"
              value="add"
              size="lg"
              className="sm:col-span-2 sm:justify-self-start"
              loading={adding}
            >
              {t.add}
            </Button>
          </Form>
        )}
      </section>
    </div>
  );
}
