import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { DecisionActionData } from "~/components/admin/application-decisions";
import { ApplicationDecisionSchema, refusalReason } from "~/domain/admin/schemas";
import type { SessionUser } from "~/server/auth.server";
import type { PageRequest } from "~/server/http/require-role.server";
import { getDb } from "~/server/db.server";
import { approveFranchiseApplication } from "~/server/services/admin/approve-franchise-application.server";
import { setApplicationStatus } from "~/server/services/admin/set-application-status.server";
import { adminFailure, redirectWithToast } from "./admin-answers.server";
import { adminMessages } from "~/lib/messages/admin.fr";

const t = adminMessages.applications;

/**
 * The decisions on an application (review, approve, refuse with a reason), shared by the pipeline
 * (/admin/franchisees) and the application's page (ADR 056). The caller has checked the admin
 * role; the use cases check it again. Success redirects back with a toast (post/redirect/get).
 */
export async function decideApplication({ request, url }: PageRequest, actor: SessionUser) {
  const formData = await request.formData();
  const db = getDb();
  const submission = parseWithZod(formData, { schema: ApplicationDecisionSchema });
  if (submission.status !== "success") {
    const fieldErrors = Object.fromEntries(
      Object.entries(submission.error ?? {}).filter((entry): entry is [string, string[]] => !!entry[1]),
    );
    const values = Object.fromEntries(
      ["reasonChoice", "reasonText"].map((name) => [name, String(formData.get(name) ?? "").slice(0, 1000)]),
    );
    return data<DecisionActionData>(
      {
        error: adminMessages.common.invalidRequest,
        intent: String(formData.get("intent") ?? ""),
        fieldErrors,
        values,
      },
      { status: 400 },
    );
  }
  const decision = submission.value;
  try {
    if (decision.intent === "approve") {
      // Not confirmed yet (a post before the page hydrated): the form asks once more.
      if (!decision.confirmed) {
        return data<DecisionActionData>({ intent: "approve", confirmZoneIds: decision.zoneIds });
      }
      const approved = await approveFranchiseApplication(db, {
        actor,
        applicationId: decision.applicationId,
        zoneIds: decision.zoneIds,
      });
      const title = !approved.accountCreated
        ? t.approvedExisting(approved.email)
        : approved.passwordLinkSent
          ? t.approvedNew(approved.email)
          : t.approvedNoMail(approved.email);
      return redirectWithToast(url, title);
    }
    if (decision.intent === "review") {
      await setApplicationStatus(db, { actor, applicationId: decision.applicationId, status: "reviewing" });
      return redirectWithToast(url, t.reviewed);
    }
    await setApplicationStatus(db, {
      actor,
      applicationId: decision.applicationId,
      status: "rejected",
      reason: refusalReason(decision),
    });
    return redirectWithToast(url, t.rejected);
  } catch (error) {
    const failure = adminFailure(error, t.errors);
    return data<DecisionActionData>({ error: failure.message }, { status: failure.status });
  }
}
