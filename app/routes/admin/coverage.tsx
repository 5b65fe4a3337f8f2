import { getFormProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { Form, Link, useActionData, useSearchParams } from "react-router";
import { EditorForm, NewItemButton, useEditorState } from "~/components/admin/catalogue-editor";
import { NativeSelect } from "~/components/admin/native-select";
import { EmptyState, PageHeader } from "~/components/admin/page-header";
import { FormErrors } from "~/components/forms/form-errors";
import { InputField } from "~/components/forms/input-field";
import { toMapZone } from "~/components/map/zone-geometry";
import { ZoneMap } from "~/components/map/zone-map";
import { Field } from "~/components/ui/field";
import { ZONE_STATUSES, ZoneFormSchema } from "~/domain/admin/schemas";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { mapsMessages } from "~/lib/messages/maps.fr";
import type { AdminZone } from "~/server/services/admin/manage-zones.server";
import { WaitlistSection } from "~/components/admin/zones/waitlist-section";
import { ZoneCard } from "~/components/admin/zones/zone-card";
import type { Route } from "./+types/coverage";
import { loadCoverage, saveCoverage } from "./coverage.server";
import { adminMessages } from "~/lib/messages/admin.fr";

const t = adminMessages.coverage;

export const meta: Route.MetaFunction = () => [
  { title: `${t.title} | Lavage Mobile Prestige` },
  { name: "robots", content: "noindex" },
];

export function loader({ request, url }: Route.LoaderArgs) {
  return loadCoverage({ request, url });
}

export function action({ request, url }: Route.ActionArgs) {
  return saveCoverage({ request, url });
}

type LoaderData = Route.ComponentProps["loaderData"];
const m = mapsMessages;

export default function CoveragePage({ loaderData }: Route.ComponentProps) {
  const { zones, franchisees, waitlist, tiles, mapTowns } = loaderData;
  const actionData = useActionData<typeof action>();
  const { editing, creating } = useEditorState(zones, Boolean(actionData?.result));
  return (
    <div className="grid gap-8">
      <PageHeader
        title={t.title}
        description={t.description}
        actions={<NewItemButton>{t.new}</NewItemButton>}
      />
      {actionData?.error ? <FormErrors id="coverage-error" errors={[actionData.error]} /> : null}

      {editing || creating ? (
        <ZoneForm
          key={`${editing?.id ?? "new"}-${loaderData.picked?.key ?? ""}`}
          zone={editing}
          franchisees={franchisees}
          lastResult={actionData?.result}
          loaderData={loaderData}
        />
      ) : (
        <ZoneMap
          zones={zones.map(toMapZone)}
          towns={mapTowns}
          label={t.map}
          statusLabels={t.statuses}
          fallbackNote={t.mapFallback}
          attribution={t.mapAttribution}
          tiles={tiles}
          noTilesHint={mapsMessages.noTilesAdmin}
        />
      )}

      {zones.length === 0 ? (
        <EmptyState>{t.empty}</EmptyState>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" aria-label={t.title}>
          {zones.map((zone) => (
            <li key={zone.id}>
              <ZoneCard zone={zone} />
            </li>
          ))}
        </ul>
      )}

      <WaitlistSection waitlist={waitlist} />
    </div>
  );
}

/** '45,4' or '45.4' -> 45.4; null when it is not a number. */
function decimalValue(text: unknown): number | null {
  if (typeof text !== "string") return null;
  const value = Number(text.replace(/\s/g, "").replace(",", "."));
  return text.trim() !== "" && Number.isFinite(value) ? value : null;
}
const fr = (value: number) => String(value).replace(".", ",");

/**
 * The zone's form beside the map (one column on a phone, the form first): a town of the offline
 * geodata or a click on the map places the centre, the radius field resizes the circle.
 */
function ZoneForm({
  zone,
  franchisees,
  lastResult,
  loaderData,
}: {
  zone: AdminZone | undefined;
  franchisees: { id: string; businessName: string }[];
  lastResult: SubmissionResult<string[]> | undefined;
  loaderData: LoaderData;
}) {
  const { picked, zones, tiles, mapTowns } = loaderData;
  const fromZone = zone
    ? {
        zoneName: zone.zoneName,
        routeSlug: zone.routeSlug,
        centerLatitude: fr(zone.centerLatitude),
        centerLongitude: fr(zone.centerLongitude),
        serviceRadiusKm: fr(zone.serviceRadiusKm),
        status: zone.status,
        statusLabel: zone.statusLabel ?? "",
        franchiseeId: zone.franchiseeId ?? "",
      }
    : { serviceRadiusKm: "25", status: "seeking_franchisee" };
  const fromTown = picked
    ? {
        ...(zone ? {} : { zoneName: picked.name, routeSlug: picked.slug }),
        centerLatitude: fr(picked.latitude),
        centerLongitude: fr(picked.longitude),
      }
    : {};
  const [form, fields] = useForm({
    id: `zone-form-${zone?.id ?? "new"}`,
    lastResult,
    constraint: getZodConstraint(ZoneFormSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { ...fromZone, ...fromTown },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ZoneFormSchema }),
  });
  // Opened from the header or a card: the form comes into view at once.
  useEffect(() => {
    document.getElementById("zone-editor")?.scrollIntoView({ block: "start" });
  }, []);
  const latitude = decimalValue(fields.centerLatitude.value);
  const longitude = decimalValue(fields.centerLongitude.value);
  const radiusKm = decimalValue(fields.serviceRadiusKm.value);
  const draft =
    latitude !== null && longitude !== null && radiusKm !== null && radiusKm > 0
      ? { latitude, longitude, radiusKm }
      : null;
  return (
    <div id="zone-editor" className="grid scroll-mt-24 gap-6 lg:grid-cols-2 lg:items-start">
      <div className="grid min-w-0 gap-4">
        <TownSearch zoneId={zone?.id} loaderData={loaderData} />
        <EditorForm
          title={zone ? t.editTitle(zone.zoneName) : t.new}
          id={zone?.id}
          formProps={getFormProps(form)}
          formErrorId={form.errorId}
          formErrors={form.errors}
          cancelTo="/admin/coverage"
        >
          <InputField meta={fields.zoneName} label={t.zoneName} required />
          <InputField
            meta={fields.routeSlug}
            label={t.slug}
            description={t.slugHelp}
            required
            autoCapitalize="none"
          />
          <InputField meta={fields.centerLatitude} label={t.latitude} required inputMode="decimal" />
          <InputField meta={fields.centerLongitude} label={t.longitude} required inputMode="decimal" />
          <InputField meta={fields.serviceRadiusKm} label={t.radius} required inputMode="decimal" />
          <Field label={t.status} id={fields.status.id} error={fields.status.errors} required>
            <NativeSelect {...getSelectProps(fields.status, { ariaAttributes: false })}>
              {ZONE_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t.statuses[status]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <InputField meta={fields.statusLabel} label={t.statusLabel} description={t.statusLabelHelp} />
          <Field label={t.franchisee} id={fields.franchiseeId.id} error={fields.franchiseeId.errors}>
            <NativeSelect {...getSelectProps(fields.franchiseeId, { ariaAttributes: false })}>
              <option value="">{t.noFranchisee}</option>
              {franchisees.map((franchisee) => (
                <option key={franchisee.id} value={franchisee.id}>
                  {franchisee.businessName}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </EditorForm>
      </div>
      <div className="min-w-0 lg:sticky lg:top-4">
        <ZoneMap
          zones={zones.filter((other) => other.id !== zone?.id).map(toMapZone)}
          towns={mapTowns}
          label={t.map}
          statusLabels={t.statuses}
          fallbackNote={t.mapFallback}
          attribution={t.mapAttribution}
          tiles={tiles}
          noTilesHint={mapsMessages.noTilesAdmin}
          draft={draft}
          onPick={(point) => {
            form.update({ name: fields.centerLatitude.name, value: fr(point.latitude) });
            form.update({ name: fields.centerLongitude.name, value: fr(point.longitude) });
          }}
        />
      </div>
    </div>
  );
}

/** A GET form: towns of the offline geodata; choosing one reopens the form centred on it. */
function TownSearch({ zoneId, loaderData }: { zoneId: string | undefined; loaderData: LoaderData }) {
  const { townText, towns, picked } = loaderData;
  const [params] = useSearchParams();
  const keep: Record<string, string> = zoneId ? { edit: zoneId } : { new: "" };
  const pickHref = (key: string) => {
    const next = new URLSearchParams(keep);
    next.set("town", townText);
    next.set("pick", key);
    return `?${next.toString()}`;
  };
  return (
    <section
      aria-labelledby="town-search-title"
      className="grid gap-3 rounded-lg border bg-card p-4 shadow-sm"
    >
      <h2 id="town-search-title" className="font-semibold">
        {m.townSearch}
      </h2>
      <Form method="get" preventScrollReset className="flex flex-wrap items-end gap-2">
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Field
          label={m.townSearch}
          id="town-search"
          description={m.townSearchHint}
          className="min-w-0 flex-1"
        >
          <Input name="town" type="search" defaultValue={townText} autoComplete="off" maxLength={80} />
        </Field>
        <Button type="submit" variant="outline">
          {m.townSearchButton}
        </Button>
      </Form>
      {townText && params.has("town") ? (
        towns.length === 0 ? (
          <p role="status" className="text-sm text-muted-foreground">
            {m.townNone(townText)}
          </p>
        ) : (
          <ul aria-label={m.townResults} className="flex flex-wrap gap-2">
            {towns.map((town) => (
              <li key={town.key}>
                <Button asChild size="sm" variant={picked?.key === town.key ? "default" : "outline"}>
                  <Link to={pickHref(town.key)} preventScrollReset aria-label={m.useTown(town.name)}>
                    {town.name}
                  </Link>
                </Button>
              </li>
            ))}
          </ul>
        )
      ) : null}
      {picked ? (
        <p role="status" className="text-sm font-medium">
          {m.townUsed(picked.name)}
        </p>
      ) : null}
    </section>
  );
}
