import { FileSignature } from "lucide-react";
import { Link, useActionData } from "react-router";
import { EmptyState, PageHeader } from "~/components/admin/page-header";
import { FormErrors } from "~/components/forms/form-errors";
import { RoyaltyForm, type PaymentFormReply } from "~/components/payments/royalty-form";
import { Badge } from "~/components/ui/badge";
import { DataTable } from "~/components/ui/data-table";
import { APPLICATION_STATUSES, type ApplicationStatus } from "~/domain/admin/transitions";
import { formatMoney } from "~/lib/format";
import { formatDate } from "~/domain/time/format-instant";
import { requireRole } from "~/server/http/require-role.server";
import { getDb } from "~/server/db.server";
import { listApplications, type ApplicationView } from "~/server/services/admin/list-applications.server";
import {
  listNetworkFranchisees,
  type NetworkFranchisee,
} from "~/server/services/admin/list-network-franchisees.server";
import { royaltyFromForm } from "~/server/http/payment-forms.server";
import { listPaymentSettings } from "~/server/services/payments/manage-payment-settings.server";
import { paymentsOfficeMessages } from "~/lib/messages/payments-office.fr";
import { basisPointsToPercentInput } from "~/domain/payments/schemas";
import { decideApplication } from "./application-decision.server";
import { redirectWithToast } from "./admin-answers.server";
import type { Route } from "./+types/franchisees";
import { adminMessages } from "~/lib/messages/admin.fr";

const t = adminMessages.applications;
const f = adminMessages.franchisees;

export const meta: Route.MetaFunction = () => [
  { title: `${t.title} | Lavage Mobile Prestige` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, url }: Route.LoaderArgs) {
  const actor = await requireRole({ request, url }, ["admin"]);
  const db = getDb();
  const [applications, franchisees, payments] = await Promise.all([
    listApplications(db, { actor }),
    listNetworkFranchisees(db, { actor, now: new Date() }),
    listPaymentSettings(db, { actor }),
  ]);
  // Each franchisee's royalty (its own, else the network's), set here or on « Paiements » (ADR 075).
  const royalties = Object.fromEntries(payments.franchisees.map((f) => [f.id, f.royaltyBasisPoints]));
  return { applications, franchisees, royalties, royaltyInForce: payments.royaltyInForce };
}

/**
 * The pipeline's decisions are the application page's (shared handler, ADR 056); a franchisee's
 * royalty is the payments page's form (ADR 075).
 */
export async function action({ request, url }: Route.ActionArgs) {
  const actor = await requireRole({ request, url }, ["admin"]);
  const form = await request.clone().formData();
  if (form.get("intent") === "royalty") {
    const values = Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) as Record<
      string,
      string
    >;
    const result = await royaltyFromForm(getDb(), values, actor);
    if (!result.ok) return result.reply;
    return redirectWithToast(url, result.title);
  }
  return decideApplication({ request, url }, actor);
}

const STATUS_BADGE = {
  submitted: "default",
  reviewing: "secondary",
  approved: "success",
  rejected: "destructive",
} as const satisfies Record<ApplicationStatus, string>;

export default function FranchiseesPage({ loaderData }: Route.ComponentProps) {
  const { applications, franchisees, royalties, royaltyInForce } = loaderData;
  const actionData = useActionData<typeof action>();
  const royaltyReply = actionData && "form" in actionData ? (actionData as PaymentFormReply) : undefined;
  return (
    <div className="grid gap-10">
      <PageHeader title={t.title} description={t.description} />
      {actionData && "error" in actionData && actionData.error ? (
        <FormErrors id="decision-errors" errors={[actionData.error]} />
      ) : null}

      <section aria-labelledby="pipeline-title" className="grid gap-4">
        <h2 id="pipeline-title" className="text-xl font-semibold">
          {t.pipeline}
        </h2>
        {applications.length === 0 ? (
          <EmptyState icon={<FileSignature aria-hidden className="size-6" />}>{t.empty}</EmptyState>
        ) : null}
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
          {APPLICATION_STATUSES.map((status) => {
            const inColumn = applications.filter((application) => application.status === status);
            return (
              <section
                key={status}
                aria-labelledby={`column-${status}`}
                className="grid content-start gap-3 rounded-lg bg-muted/50 p-3"
                data-testid={`pipeline-${status}`}
              >
                <h3
                  id={`column-${status}`}
                  className="flex items-center justify-between text-sm font-semibold"
                >
                  {t.status[status]}
                  <Badge variant={STATUS_BADGE[status]}>{inColumn.length}</Badge>
                </h3>
                {inColumn.length === 0 ? (
                  <p className="text-sm text-muted-foreground">{t.emptyColumn}</p>
                ) : (
                  <ul className="grid gap-3">
                    {inColumn.map((application) => (
                      <li key={application.id}>
                        <ApplicationCard application={application} />
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            );
          })}
        </div>
      </section>

      <FranchiseeTable
        franchisees={franchisees}
        royalties={royalties}
        royaltyInForce={royaltyInForce}
        reply={royaltyReply}
      />
    </div>
  );
}

function ApplicationCard({ application }: { application: ApplicationView }) {
  const name = `${application.firstName} ${application.lastName}`;
  return (
    <article
      aria-labelledby={`application-${application.id}`}
      className="relative grid gap-2 rounded-md border bg-card p-3 text-sm shadow-sm focus-within:ring-2 focus-within:ring-ring hover:bg-accent/50"
    >
      <h4 id={`application-${application.id}`} className="font-semibold [overflow-wrap:anywhere]">
        {name}
      </h4>
      <p className="text-muted-foreground">
        {application.city} · {t.receivedOn(formatDate(application.createdAt))}
      </p>
      {/* The whole card opens the application's page (ADR 056); the link's name says whose. */}
      <Link
        to={`/admin/applications/${application.id}`}
        className="font-medium text-primary underline-offset-4 after:absolute after:inset-0 hover:underline focus-visible:outline-none"
      >
        {t.details}
        <span className="sr-only"> : {name}</span>
      </Link>
    </article>
  );
}

function FranchiseeTable({
  franchisees,
  royalties,
  royaltyInForce,
  reply,
}: {
  franchisees: NetworkFranchisee[];
  royalties: Record<string, number | null>;
  royaltyInForce: number;
  reply: PaymentFormReply | undefined;
}) {
  const p = paymentsOfficeMessages.admin;
  return (
    <section aria-labelledby="franchisees-title" className="grid gap-4">
      <h2 id="franchisees-title" className="text-xl font-semibold">
        {f.title}
      </h2>
      {franchisees.length === 0 ? (
        <EmptyState>{f.empty}</EmptyState>
      ) : (
        <DataTable
          label={f.title}
          columns={[
            { label: f.business },
            { label: f.zones },
            { label: f.team },
            { label: f.monthRevenue, align: "right" as const },
            { label: p.royaltyColumn },
          ]}
        >
          {franchisees.map((franchisee) => (
            <tr key={franchisee.id} className="border-t align-top">
              <th scope="row" className="p-3 text-left font-normal">
                <span className="block font-medium">{franchisee.businessName}</span>
                <span className="block text-muted-foreground">
                  {franchisee.ownerName} · {franchisee.ownerEmail}
                </span>
                {franchisee.isActive ? null : <Badge variant="secondary">{f.inactive}</Badge>}
              </th>
              <td className="p-3">
                {franchisee.zones.length === 0
                  ? f.noZone
                  : franchisee.zones.map((zone) => zone.zoneName).join(", ")}
              </td>
              <td className="p-3 whitespace-nowrap">{f.teamSize(franchisee.teamSize)}</td>
              <td className="p-3 text-right whitespace-nowrap tabular-nums">
                {formatMoney(franchisee.monthRevenueCents)}
              </td>
              <td className="p-3">
                <RoyaltyForm
                  franchiseeId={franchisee.id}
                  label={p.franchiseeRoyalty(franchisee.businessName)}
                  current={royalties[franchisee.id] ?? null}
                  hint={p.inForce(
                    `${basisPointsToPercentInput(royalties[franchisee.id] ?? royaltyInForce)} %`,
                  )}
                  reply={reply}
                />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
