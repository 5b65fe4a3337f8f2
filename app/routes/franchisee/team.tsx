import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";

import type { FranchiseeActionData } from "~/components/franchisee/action-data";
import { TeamSection } from "~/components/franchisee/team-section";
import { AvailabilitySchema, TeamMemberSchema, TimeOffSchema } from "~/domain/franchisee/schemas";
import { localDate } from "~/domain/time/zoned";
import { addTimeOff, listTimeOff, removeTimeOff } from "~/server/services/franchisee/time-off.server";
import { AppError, type ErrorCode } from "~/lib/errors";
import { messages } from "~/lib/messages.fr";
import { flashHeaders } from "~/server/flash.server";
import type { ErrorTexts } from "~/domain/errors/error-text";
import { failureOf } from "~/server/http/failure.server";
import {
  addAvailability,
  addTeamMember,
  deleteAvailability,
  listTeam,
  removeTeamMember,
  setAvailabilityAvailable,
  updateTeamMember,
} from "~/server/services/franchisee/team.server";
import type { Route } from "./+types/team";
import { requireFranchisee } from "./guard.server";
import { franchiseeMessages } from "~/lib/messages/franchisee.fr";
import { crewMessages } from "~/lib/messages/crew.fr";
import { inviteCrewMember } from "~/server/services/crew/crew-access.server";

const t = franchiseeMessages.team;
const av = franchiseeMessages.availability;
const off = franchiseeMessages.timeOff;

export const meta: Route.MetaFunction = () => [
  { title: t.metaTitle },
  { name: "robots", content: "noindex" },
];

/**
 * /franchisee/team: the team and each member's hours, with the crew invitations (ADR 077), on
 * its own page and menu entry (issue 33, item 14) rather than at the bottom of the dashboard.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { franchisee, db } = await requireFranchisee({ request, url });
  const [team, timeOff] = await Promise.all([
    listTeam(db, { franchiseeId: franchisee.id }),
    listTimeOff(db, { franchiseeId: franchisee.id, from: localDate(new Date()) }),
  ]);
  return { team: team.map((m) => ({ ...m, timeOff: timeOff.filter((o) => o.teamMemberId === m.id) })) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const fail = (intent: string, error: string, status: number, extra: Partial<FranchiseeActionData> = {}) =>
  data<FranchiseeActionData>({ intent, ok: false, error, ...extra }, { status });

async function done(intent: string, title: string) {
  return data<FranchiseeActionData>({ intent, ok: true }, { headers: await flashHeaders({ title }) });
}

/** Each intent's words for a failure: its own sentence for anything not named (not found, …). */
const INTENT_TEXTS: Record<string, { generic: string; texts?: ErrorTexts }> = {
  addMember: { generic: t.addError, texts: { EMAIL_TAKEN: t.emailTaken } },
  updateMember: { generic: t.updateError, texts: { EMAIL_TAKEN: t.emailTaken } },
  deleteMember: {
    generic: t.deleteError,
    texts: { HAS_APPOINTMENTS: (error) => `${t.deleteError} ${t.hasAppointments(error.count ?? 0)}` },
  },
  addAvailability: { generic: av.addError },
  toggleAvailability: { generic: av.updateError },
  deleteAvailability: { generic: av.deleteError },
  addTimeOff: {
    generic: off.addError,
    texts: { HAS_APPOINTMENTS: (error) => off.hasAppointments(error.count ?? 0) },
  },
  deleteTimeOff: { generic: off.deleteError },
  inviteCrew: {
    generic: crewMessages.invite.error,
    texts: { EMAIL_ALREADY_EXISTS: crewMessages.invite.emailExists },
  },
};

/** The form field a refusal is said at; anything else is a toast. */
const FIELDS: Partial<Record<ErrorCode, string>> = {
  EMAIL_TAKEN: "email",
  OVERLAP: "startTime",
  END_BEFORE_START: "endTime",
  HAS_APPOINTMENTS: "startsOn",
};

/** Team and availability changes; every one is limited to the signed-in franchisee's members. */
export async function action({ request, url }: Route.ActionArgs) {
  const { franchisee, db } = await requireFranchisee({ request, url });
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const franchiseeId = franchisee.id;
  /** A member or availability id from the form; anything but a UUID is nobody's (NOT_FOUND). */
  const id = (name: string) => {
    const value = String(formData.get(name) ?? "");
    if (!UUID.test(value)) throw new AppError("NOT_FOUND");
    return value;
  };
  /** The form being answered, so a refusal is said at its field with what was typed. */
  let reply: ((options: { fieldErrors: Record<string, string[]> }) => SubmissionResult<string[]>) | undefined;
  try {
    switch (intent) {
      case "addMember":
      case "updateMember": {
        const submission = parseWithZod(formData, { schema: TeamMemberSchema });
        if (submission.status !== "success") {
          return fail(intent, t.requiredFields, 400, { result: submission.reply() });
        }
        reply = (options) => submission.reply(options);
        if (intent === "addMember")
          await addTeamMember(db, { franchiseeId, input: submission.value, usualHours: true });
        else await updateTeamMember(db, { franchiseeId, memberId: id("memberId"), input: submission.value });
        return done(intent, intent === "addMember" ? t.added : t.updated);
      }
      case "deleteMember": {
        await removeTeamMember(db, { franchiseeId, memberId: id("memberId") });
        return done(intent, t.deleted);
      }
      case "inviteCrew": {
        const sent = await inviteCrewMember(db, { franchiseeId, memberId: id("memberId") });
        if (!sent.linkSent) return fail(intent, crewMessages.invite.notSent, 503);
        return done(intent, crewMessages.invite.sent);
      }
      case "addAvailability": {
        const submission = parseWithZod(formData, { schema: AvailabilitySchema });
        if (submission.status !== "success")
          return fail(intent, av.addError, 400, { result: submission.reply() });
        reply = (options) => submission.reply(options);
        await addAvailability(db, { franchiseeId, input: submission.value });
        return done(intent, av.added);
      }
      case "toggleAvailability": {
        await setAvailabilityAvailable(db, {
          franchiseeId,
          availabilityId: id("availabilityId"),
          isAvailable: formData.get("isAvailable") === "true",
        });
        return done(intent, av.updated);
      }
      case "deleteAvailability": {
        await deleteAvailability(db, { franchiseeId, availabilityId: id("availabilityId") });
        return done(intent, av.deleted);
      }
      case "addTimeOff": {
        const submission = parseWithZod(formData, { schema: TimeOffSchema });
        if (submission.status !== "success")
          return fail(intent, off.addError, 400, { result: submission.reply() });
        reply = (options) => submission.reply(options);
        await addTimeOff(db, { franchiseeId, input: submission.value });
        return done(intent, off.added);
      }
      case "deleteTimeOff": {
        await removeTimeOff(db, { franchiseeId, timeOffId: id("timeOffId") });
        return done(intent, off.deleted);
      }
      default:
        return fail(intent, messages.errors.generic, 400);
    }
  } catch (error) {
    const { generic, texts } = INTENT_TEXTS[intent] ?? { generic: messages.errors.generic };
    const failure = failureOf(error, { NOT_FOUND: generic, UNKNOWN: generic, ...texts });
    const field = FIELDS[failure.code];
    const result = field && reply ? reply({ fieldErrors: { [field]: [failure.message] } }) : undefined;
    return fail(intent, failure.message, failure.status, result ? { result } : {});
  }
}

export default function TeamPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid gap-8">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t.pageTitle}</h1>
      </header>
      <TeamSection members={loaderData.team} />
    </div>
  );
}
