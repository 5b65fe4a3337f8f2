import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  CalendarCheck,
  CalendarDays,
  ChartColumn,
  DollarSign,
  MapPinned,
  PackageOpen,
  Star,
  Truck,
  Users,
} from "lucide-react";
import { data, Link } from "react-router";

import type { FranchiseeActionData } from "~/components/franchisee/action-data";
import { StatCard } from "~/components/franchisee/stat-card";
import { TeamSection } from "~/components/franchisee/team-section";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { AvailabilitySchema, TeamMemberSchema } from "~/domain/franchisee/schemas";
import { AppError, type ErrorCode } from "~/lib/errors";
import { formatDateTime, formatMoney, formatNumber } from "~/lib/format";
import { messages } from "~/lib/messages.fr";
import { flashHeaders } from "~/server/flash.server";
import type { ErrorTexts } from "~/domain/errors/error-text";
import { failureOf } from "~/server/http/failure.server";
import { getDashboard } from "~/server/services/franchisee/get-dashboard.server";
import {
  addAvailability,
  addTeamMember,
  deleteAvailability,
  listTeam,
  removeTeamMember,
  setAvailabilityAvailable,
  updateTeamMember,
} from "~/server/services/franchisee/team.server";
import type { Route } from "./+types/dashboard";
import { requireFranchisee } from "./guard.server";
import { franchiseeMessages } from "~/lib/messages/franchisee.fr";
import { crewMessages } from "~/lib/messages/crew.fr";
import { inviteCrewMember } from "~/server/services/crew/crew-access.server";

const d = franchiseeMessages.dashboard;
const t = franchiseeMessages.team;
const av = franchiseeMessages.availability;

export const meta: Route.MetaFunction = () => [
  { title: d.metaTitle },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, url }: Route.LoaderArgs) {
  const { franchisee, db } = await requireFranchisee({ request, url });
  const [figures, team] = await Promise.all([
    getDashboard(db, { franchiseeId: franchisee.id }),
    listTeam(db, { franchiseeId: franchisee.id }),
  ]);
  return { businessName: franchisee.businessName, figures, team };
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
        if (intent === "addMember") await addTeamMember(db, { franchiseeId, input: submission.value });
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

export default function Page({ loaderData }: Route.ComponentProps) {
  const { figures, team, businessName } = loaderData;
  const actions = [
    { to: "/franchisee/schedule", label: d.actions.schedule, icon: CalendarDays },
    { to: "/franchisee/clients", label: d.actions.clients, icon: Users },
    { to: "/franchisee/restock", label: d.actions.restock, icon: PackageOpen },
    { to: "/franchisee/reports", label: d.actions.reports, icon: ChartColumn },
    { to: "/franchisee/territory", label: d.actions.territory, icon: MapPinned },
  ];
  return (
    <div className="grid gap-8">
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">{d.title}</h1>
        <p className="text-muted-foreground">{d.welcome(businessName)}</p>
      </header>

      <section aria-label={d.title} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <StatCard icon={CalendarCheck} label={d.today} value={String(figures.today)} />
        <StatCard icon={CalendarDays} label={d.week} value={String(figures.week)} />
        <StatCard
          icon={DollarSign}
          label={d.revenue}
          value={formatMoney(figures.monthRevenueCents)}
          hint={d.revenueHint}
        />
        <StatCard
          icon={Star}
          label={d.rating}
          value={
            figures.averageRating === null
              ? "—"
              : d.ratingValue(formatNumber(figures.averageRating, 1), figures.reviewCount)
          }
          hint={figures.averageRating === null ? d.noRating : undefined}
        />
        <StatCard
          icon={Truck}
          label={d.restock}
          value={formatMoney(figures.monthRestockCents)}
          hint={d.restockHint}
        />
      </section>

      <section aria-labelledby="quick-actions" className="grid gap-3">
        <h2 id="quick-actions" className="text-xl font-semibold">
          {d.quickActions}
        </h2>
        <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {actions.map(({ to, label, icon: Icon }) => (
            <Button key={to} asChild variant="outline" className="h-auto justify-start py-3">
              <Link to={to}>
                <Icon aria-hidden="true" />
                {label}
              </Link>
            </Button>
          ))}
        </div>
      </section>

      {figures.nextAppointments.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle as="h2">{franchiseeMessages.schedule.title}</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-2 text-sm">
              {figures.nextAppointments.map((a) => (
                <li key={a.id} className="flex flex-wrap justify-between gap-2 border-b pb-2 last:border-0">
                  <span className="font-medium">{formatDateTime(a.startAt, "weekdayShort")}</span>
                  <span>
                    {a.customerName}
                    {a.city ? ` · ${a.city}` : ""}
                  </span>
                  <span className="text-muted-foreground">{a.memberName}</span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}

      <TeamSection members={team} />
    </div>
  );
}
