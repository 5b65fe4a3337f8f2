import { formatDate } from "~/domain/time/format-instant";
import { ArrowLeft } from "lucide-react";
import { data, Link, useActionData } from "react-router";
import { Answers, Photo, Signature } from "~/components/admin/application-answers";
import { Decisions } from "~/components/admin/application-decisions";
import { Trail } from "~/components/admin/application-trail";
import { FormErrors } from "~/components/forms/form-errors";
import { Badge } from "~/components/ui/badge";
import { requireRole } from "~/server/http/require-role.server";
import { getDb } from "~/server/db.server";
import { getApplication } from "~/server/services/admin/application-trail.server";
import { listAdminZones } from "~/server/services/admin/manage-zones.server";
import { decideApplication } from "./application-decision.server";
import type { Route } from "./+types/application";
import { adminMessages } from "~/lib/messages/admin.fr";
import { hasCode } from "~/lib/errors";

const t = adminMessages.applications;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const meta: Route.MetaFunction = ({ loaderData: loaded }) => [
  {
    title: `${loaded ? t.pageTitle(`${loaded.application.firstName} ${loaded.application.lastName}`) : t.pipeline} | Lavage Mobile Prestige`,
  },
  { name: "robots", content: "noindex" },
];

/** GET /admin/applications/:id: one application, for the admin only (ADR 056). */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const actor = await requireRole({ request, url }, ["admin"]);
  if (!UUID.test(params.id)) throw data(t.errors.NOT_FOUND, { status: 404 });
  const db = getDb();
  try {
    const [review, zones] = await Promise.all([
      getApplication(db, { actor, applicationId: params.id }),
      listAdminZones(db, { actor }),
    ]);
    return { ...review, zones };
  } catch (error) {
    if (hasCode(error, "NOT_FOUND")) {
      throw data(t.errors.NOT_FOUND, { status: 404 });
    }
    throw error;
  }
}

/** The page's decisions; the application id comes from the form and is checked by the use case. */
export async function action({ request, url }: Route.ActionArgs) {
  const actor = await requireRole({ request, url }, ["admin"]);
  return decideApplication({ request, url }, actor);
}

const STATUS_BADGE = {
  submitted: "default",
  reviewing: "secondary",
  approved: "success",
  rejected: "destructive",
} as const;

export default function ApplicationPage({ loaderData }: Route.ComponentProps) {
  const { application, trail, zones } = loaderData;
  const actionData = useActionData<typeof action>();
  const name = `${application.firstName} ${application.lastName}`;
  return (
    <div className="grid gap-6">
      <Link
        to="/admin/franchisees"
        className="inline-flex items-center gap-1 justify-self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t.back}
      </Link>
      <header className="grid gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">
            {t.pageTitle(name)}
          </h1>
          <Badge variant={STATUS_BADGE[application.status]} data-testid="application-status">
            {t.status[application.status]}
          </Badge>
        </div>
        <p className="text-muted-foreground">
          {t.receivedFrom(application.city, formatDate(application.createdAt))}
        </p>
      </header>
      {actionData?.error && !actionData.fieldErrors ? (
        <FormErrors id="decision-errors" errors={[actionData.error]} />
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-6">
          <Photo application={application} name={name} />
          <Answers application={application} />
          <Signature application={application} name={name} />
        </div>
        <div className="grid content-start gap-6">
          <Decisions application={application} zones={zones} name={name} actionData={actionData} />
          <Trail application={application} trail={trail} />
        </div>
      </div>
    </div>
  );
}
