import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import { ZoneDeleteSchema, ZoneFormSchema } from "~/domain/admin/schemas";
import { shownStatusLabel } from "~/domain/geo/status-label";
import { searchTowns, townByKey, townSlug } from "~/domain/geo/towns";
import { adminMessages } from "~/lib/messages/admin.fr";
import { requireRole, type PageRequest } from "~/server/http/require-role.server";
import { getDb } from "~/server/db.server";
import { mapTiles, mapTowns } from "~/server/map-tiles.server";
import {
  deleteZone,
  listAdminZones,
  listFranchiseeChoices,
  saveZone,
} from "~/server/services/admin/manage-zones.server";
import { listWaitlist } from "~/server/services/waitlist/list-waitlist.server";
import { adminFailure, redirectWithToast } from "./admin-answers.server";

const t = adminMessages.coverage;

/** The coverage page: zones, franchisees to give them to, the waiting list, town search (ADR 053). */
export async function loadCoverage({ request, url }: PageRequest) {
  const actor = await requireRole({ request, url }, ["admin"]);
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
    mapTowns: mapTowns(zones),
    townText,
    towns: searchTowns(townText),
    picked: picked ? { ...picked, slug: townSlug(picked) } : null,
  };
}

export type ActionData = { result?: SubmissionResult<string[]>; error?: string };

/** Saves or deletes a zone; the form's errors keep what was typed. */
export async function saveCoverage({ request, url }: PageRequest) {
  const actor = await requireRole({ request, url }, ["admin"]);
  const formData = await request.formData();
  const db = getDb();

  if (formData.get("intent") === "delete") {
    const parsed = ZoneDeleteSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success)
      return data<ActionData>({ error: adminMessages.common.invalidRequest }, { status: 400 });
    try {
      const { zoneName } = await deleteZone(db, { actor, id: parsed.data.id });
      return redirectWithToast(url, t.deleted(zoneName), { to: "/admin/coverage" });
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
    return redirectWithToast(url, saved.created ? t.created(name) : t.saved(name), {
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
