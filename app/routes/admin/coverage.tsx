import { getFormProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { MapPin, Trash2 } from "lucide-react";
import { useEffect } from "react";
import { data, Form, Link, useActionData, useSearchParams } from "react-router";
import { EditItemLink, EditorForm, NewItemButton, useEditorState } from "~/components/admin/catalogue-editor";
import { ActionButton } from "~/components/admin/confirm-submit";
import { NativeSelect } from "~/components/admin/native-select";
import { EmptyState, PageHeader } from "~/components/admin/page-header";
import { FormErrors } from "~/components/forms/form-errors";
import { InputField } from "~/components/forms/input-field";
import { toMapZone } from "~/components/map/zone-geometry";
import { ZoneMap } from "~/components/map/zone-map";
import { Badge } from "~/components/ui/badge";
import { Field } from "~/components/ui/field";
import { ZONE_STATUSES, ZoneDeleteSchema, ZoneFormSchema } from "~/domain/admin/schemas";
import { shownStatusLabel } from "~/domain/geo/status-label";
import { searchTowns, townByKey, townSlug } from "~/domain/geo/towns";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { messages } from "~/lib/messages.fr";
import { requireRole } from "~/server/auth.server";
import { mapTiles } from "~/server/map-tiles.server";
import { getDb } from "~/server/db.server";
import {
  deleteZone,
  listAdminZones,
  listFranchiseeChoices,
  saveZone,
  type AdminZone,
} from "~/server/services/admin/manage-zones.server";
import { listWaitlist, type WaitlistGroup } from "~/server/services/waitlist/list-waitlist.server";
import { adminFailure, redirectWithToast } from "./admin-answers.server";
import type { Route } from "./+types/coverage";
import { adminMessages } from "~/lib/messages/admin.fr";
import { formatNumber } from "~/lib/format";

const t = adminMessages.coverage;

export const meta: Route.MetaFunction = () => [
  { title: `${t.title} | Lavage Mobile Prestige` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, ["admin"]);
  const db = getDb();
  const [zones, franchisees, waitlist] = await Promise.all([
    listAdminZones(db, { actor }),
    listFranchiseeChoices(db, { actor }),
    listWaitlist(db, { actor }),
  ]);
  // The label the site shows now: a label naming a past date is replaced (ADR 046).
  const now = new Date();
  // Placing a zone (ADR 053): towns of the offline geodata matching ?town=, the one chosen by ?pick=.
  const params = new URL(request.url).searchParams;
  const townText = (params.get("town") ?? "").slice(0, 80);
  const picked = townByKey(params.get("pick") ?? "");
  return {
    zones: zones.map((zone) => ({ ...zone, shownLabel: shownStatusLabel(zone.statusLabel, now) })),
    franchisees,
    waitlist,
    tiles: mapTiles(),
    townText,
    towns: searchTowns(townText),
    picked: picked ? { ...picked, slug: townSlug(picked) } : null,
  };
}

type ActionData = { result?: SubmissionResult<string[]>; error?: string };

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireRole(request, ["admin"]);
  const formData = await request.formData();
  const db = getDb();

  if (formData.get("intent") === "delete") {
    const parsed = ZoneDeleteSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success)
      return data<ActionData>({ error: adminMessages.common.invalidRequest }, { status: 400 });
    try {
      const { zoneName } = await deleteZone(db, { actor, id: parsed.data.id });
      return redirectWithToast(request, t.deleted(zoneName), { to: "/admin/coverage" });
    } catch (error) {
      const failure = adminFailure(error, { HAS_APPOINTMENTS: t.hasAppointments });
      return data<ActionData>({ error: failure.message }, { status: failure.status });
    }
  }

  const submission = parseWithZod(formData, { schema: ZoneFormSchema });
  if (submission.status !== "success")
    return data<ActionData>({ result: submission.reply() }, { status: 400 });
  try {
    const saved = await saveZone(db, { actor, input: submission.value });
    const name = submission.value.zoneName;
    return redirectWithToast(request, saved.created ? t.created(name) : t.saved(name), {
      to: "/admin/coverage",
    });
  } catch (error) {
    const failure = adminFailure(error, { SLUG_TAKEN: t.slugTaken });
    const reply =
      failure.message === t.slugTaken
        ? submission.reply({ fieldErrors: { routeSlug: [t.slugTaken] } })
        : submission.reply({ formErrors: [failure.message] });
    return data<ActionData>({ result: reply }, { status: failure.status });
  }
}

type LoaderData = Route.ComponentProps["loaderData"];
const m = messages.maps;

export default function CoveragePage({ loaderData }: Route.ComponentProps) {
  const { zones, franchisees, waitlist, tiles } = loaderData;
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
          label={t.map}
          statusLabels={t.statuses}
          fallbackNote={t.mapFallback}
          attribution={t.mapAttribution}
          tiles={tiles}
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

const w = messages.waitlist.admin;

/** The waiting list by town and by three-character postal area (ADR 046): counts only. */
function WaitlistSection({ waitlist }: { waitlist: Route.ComponentProps["loaderData"]["waitlist"] }) {
  return (
    <section aria-labelledby="waitlist-title" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="waitlist-title" className="text-xl font-semibold tracking-tight">
          {w.title}
        </h2>
        <p className="text-sm text-muted-foreground">{w.description}</p>
        <p className="text-sm font-medium">{w.total(waitlist.waiting, waitlist.notified)}</p>
      </div>
      {waitlist.byFsa.length === 0 ? (
        <EmptyState>{w.empty}</EmptyState>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          <WaitlistTable
            caption={w.byTown}
            keyLabel={w.town}
            groups={waitlist.byTown}
            unknown={w.unknownTown}
          />
          <WaitlistTable caption={w.byFsa} keyLabel={w.fsa} groups={waitlist.byFsa} unknown="—" />
        </div>
      )}
    </section>
  );
}

function WaitlistTable({
  caption,
  keyLabel,
  groups,
  unknown,
}: {
  caption: string;
  keyLabel: string;
  groups: WaitlistGroup[];
  unknown: string;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border bg-card shadow-sm">
      <table className="w-full text-sm">
        <caption className="px-4 pt-3 text-left font-semibold">{caption}</caption>
        <thead>
          <tr className="border-b text-left text-xs text-muted-foreground">
            <th scope="col" className="px-4 py-2 font-medium">
              {keyLabel}
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              {w.waiting}
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              {w.notified}
            </th>
          </tr>
        </thead>
        <tbody>
          {groups.map((group) => (
            <tr key={group.key ?? ""} className="border-b last:border-0">
              <th scope="row" className="px-4 py-2 text-left font-normal">
                {group.key ?? unknown}
              </th>
              <td className="px-4 py-2 text-right tabular-nums">{group.waiting}</td>
              <td className="px-4 py-2 text-right tabular-nums">{group.notified}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ZoneCard({ zone }: { zone: AdminZone & { shownLabel: string | null } }) {
  const inactiveLabel = zone.shownLabel ?? messages.serviceArea.zone.comingSoon;
  const staleLabel = zone.statusLabel && zone.shownLabel === null ? zone.statusLabel : null;
  return (
    <article
      aria-labelledby={`zone-${zone.id}`}
      className="grid h-full gap-3 rounded-lg border bg-card p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`zone-${zone.id}`} className="flex items-center gap-2 font-semibold">
          <MapPin aria-hidden className="size-4 text-primary" />
          {zone.zoneName}
        </h2>
        <Badge variant={zone.status === "active" ? "success" : "secondary"}>{t.statuses[zone.status]}</Badge>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-xs text-muted-foreground">{t.slug}</dt>
          <dd>
            <Link to={`/franchise/${zone.routeSlug}`} className="text-primary hover:underline">
              /franchise/{zone.routeSlug}
            </Link>
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t.franchisee}</dt>
          <dd>{zone.franchiseeName ?? t.noFranchisee}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t.radius}</dt>
          <dd>
            {t.centre(formatNumber(zone.centerLatitude, 4), formatNumber(zone.centerLongitude, 4))} ·{" "}
            {t.radiusKm(formatNumber(zone.serviceRadiusKm, 1))}
          </dd>
        </div>
        {zone.status === "active" ? null : (
          <div>
            <dt className="text-xs text-muted-foreground">{t.statusLabel}</dt>
            <dd>
              {inactiveLabel}
              {staleLabel ? (
                <span className="block text-xs text-muted-foreground">{t.staleLabel(staleLabel)}</span>
              ) : null}
            </dd>
          </div>
        )}
      </dl>
      <div className="flex flex-wrap gap-2">
        <EditItemLink id={zone.id} name={zone.zoneName} />
        {zone.appointments === 0 ? (
          <ActionButton
            fields={{ intent: "delete", id: zone.id }}
            variant="outline"
            size="sm"
            aria-label={`${t.delete} ${zone.zoneName}`}
            confirm={{
              title: t.deleteTitle(zone.zoneName),
              description: t.deleteText,
              confirmText: t.delete,
              type: "destructive",
            }}
          >
            <Trash2 aria-hidden />
            {t.delete}
          </ActionButton>
        ) : null}
      </div>
    </article>
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
  const { picked, zones, tiles } = loaderData;
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
          label={t.map}
          statusLabels={t.statuses}
          fallbackNote={t.mapFallback}
          attribution={t.mapAttribution}
          tiles={tiles}
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
