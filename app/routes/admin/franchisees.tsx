import { parseWithZod } from "@conform-to/zod/v4";
import { formatPhone } from "~/lib/phone";
import { Check, FileSignature, X } from "lucide-react";
import { data, Form, useActionData, useNavigation } from "react-router";
import { ActionButton } from "~/components/admin/confirm-submit";
import { EmptyState, PageHeader } from "~/components/admin/page-header";
import { FormErrors } from "~/components/forms/form-errors";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { ApplicationDecisionSchema } from "~/domain/admin/schemas";
import { APPLICATION_STATUSES, type ApplicationStatus } from "~/domain/admin/transitions";
import { formatMoney } from "~/lib/format";
import { requireRole } from "~/server/auth.server";
import { getDb } from "~/server/db.server";
import { approveFranchiseApplication } from "~/server/services/admin/approve-franchise-application.server";
import { listApplications, type ApplicationView } from "~/server/services/admin/list-applications.server";
import {
  listNetworkFranchisees,
  type NetworkFranchisee,
} from "~/server/services/admin/list-network-franchisees.server";
import { listAdminZones, type AdminZone } from "~/server/services/admin/manage-zones.server";
import { setApplicationStatus } from "~/server/services/admin/set-application-status.server";
import { adminFailure, redirectWithToast } from "./admin-answers.server";
import type { Route } from "./+types/franchisees";
import { adminMessages } from "~/lib/messages/admin.fr";

const t = adminMessages.applications;
const f = adminMessages.franchisees;

export const meta: Route.MetaFunction = () => [
  { title: `${t.title} | Lavage Mobile Prestige` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, ["admin"]);
  const db = getDb();
  const [applications, franchisees, zones] = await Promise.all([
    listApplications(db, { actor }),
    listNetworkFranchisees(db, { actor, now: new Date() }),
    listAdminZones(db, { actor }),
  ]);
  return { applications, franchisees, zones };
}

type ActionData = { error: string };

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireRole(request, ["admin"]);
  const formData = await request.formData();
  const db = getDb();

  const submission = parseWithZod(formData, { schema: ApplicationDecisionSchema });
  if (submission.status !== "success") {
    return data<ActionData>({ error: adminMessages.common.invalidRequest }, { status: 400 });
  }
  const decision = submission.value;
  try {
    if (decision.intent === "approve") {
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
      return redirectWithToast(request, title);
    }
    const status = decision.intent === "review" ? "reviewing" : "rejected";
    await setApplicationStatus(db, { actor, applicationId: decision.applicationId, status });
    return redirectWithToast(request, status === "reviewing" ? t.reviewed : t.rejected);
  } catch (error) {
    const failure = adminFailure(error, t.errors);
    return data<ActionData>({ error: failure.message }, { status: failure.status });
  }
}

const dateFormat = new Intl.DateTimeFormat("fr-CA", { timeZone: "America/Toronto", dateStyle: "long" });
const dateTimeFormat = new Intl.DateTimeFormat("fr-CA", {
  timeZone: "America/Toronto",
  dateStyle: "long",
  timeStyle: "medium",
});
const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

const STATUS_BADGE = {
  submitted: "default",
  reviewing: "secondary",
  approved: "success",
  rejected: "destructive",
} as const satisfies Record<ApplicationStatus, string>;

export default function FranchiseesPage({ loaderData }: Route.ComponentProps) {
  const { applications, franchisees, zones } = loaderData;
  const actionData = useActionData<typeof action>();
  return (
    <div className="grid gap-10">
      <PageHeader title={t.title} description={t.description} />
      {actionData?.error ? <FormErrors id="decision-errors" errors={[actionData.error]} /> : null}

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
                        <ApplicationCard application={application} zones={zones} />
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            );
          })}
        </div>
      </section>

      <FranchiseeTable franchisees={franchisees} />
    </div>
  );
}

function ApplicationCard({ application, zones }: { application: ApplicationView; zones: AdminZone[] }) {
  const name = `${application.firstName} ${application.lastName}`;
  return (
    <article
      aria-labelledby={`application-${application.id}`}
      className="grid gap-2 rounded-md border bg-card p-3 text-sm shadow-sm"
    >
      <h4 id={`application-${application.id}`} className="font-semibold">
        {name}
      </h4>
      <p className="text-muted-foreground">
        {application.city} · {t.receivedOn(dateFormat.format(toDate(application.createdAt)))}
      </p>
      <details className="group">
        <summary className="cursor-pointer font-medium text-primary">
          {t.details}
          <span className="sr-only"> : {name}</span>
        </summary>
        <div className="mt-3 grid gap-4">
          <Answers application={application} />
          <Signature application={application} name={name} />
          {application.reviewedAt && application.reviewerName ? (
            <p className="text-muted-foreground">
              {t.reviewedBy(application.reviewerName, dateFormat.format(toDate(application.reviewedAt)))}
            </p>
          ) : null}
          <Decisions application={application} zones={zones} name={name} />
        </div>
      </details>
    </article>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

function Answers({ application: a }: { application: ApplicationView }) {
  const yesNo = (value: boolean) => (value ? t.yes : t.no);
  const reference = [a.referenceFirstName, a.referenceLastName].filter(Boolean).join(" ");
  return (
    <div className="grid gap-3">
      <h5 className="font-semibold">{t.answers}</h5>
      <dl className="grid gap-2">
        <Row label={t.fields.email}>
          <a href={`mailto:${a.email}`} className="text-primary hover:underline">
            {a.email}
          </a>
          <Badge
            variant={a.emailVerifiedAt ? "success" : "outline"}
            className="ml-2 align-middle"
            data-testid="application-email-state"
          >
            {a.emailVerifiedAt
              ? t.emailVerified(dateFormat.format(toDate(a.emailVerifiedAt)))
              : t.emailUnverified}
          </Badge>
        </Row>
        <Row label={t.fields.phone}>{formatPhone(`+${a.phoneCountryCode}${a.phone}`)}</Row>
        <Row label={t.fields.city}>{a.city}</Row>
        <Row label={t.fields.license}>{yesNo(a.hasDriversLicense)}</Row>
        <Row label={t.fields.vehicle}>{a.vehicleInfo}</Row>
        <Row label={t.fields.availability}>{a.availabilityHours}</Row>
        <Row label={t.fields.radius}>{t.radius[a.serviceRadius]}</Row>
        <Row label={t.fields.backgroundCheck}>{yesNo(a.backgroundCheckConsent)}</Row>
        <Row label={t.fields.hasFunds}>{yesNo(a.hasFunds)}</Row>
        {a.availableFunds ? <Row label={t.fields.availableFunds}>{a.availableFunds}</Row> : null}
        <Row label={t.fields.independence}>{yesNo(a.comfortableIndependence)}</Row>
        <Row label={t.fields.reference}>
          {reference
            ? `${reference}${a.referencePhone ? ` · ${a.referencePhone}` : ""}`
            : t.fields.noReference}
        </Row>
      </dl>
    </div>
  );
}

function Signature({ application: a, name }: { application: ApplicationView; name: string }) {
  const hash = (value: string | null) =>
    value ? <code className="font-mono text-xs break-all">{value}</code> : t.missing;
  return (
    <div className="grid gap-3">
      <h5 className="font-semibold">{t.signature}</h5>
      <img
        src={a.signatureUrl}
        alt={t.signatureAlt(name)}
        width={600}
        height={200}
        loading="lazy"
        className="h-auto w-full rounded border bg-white"
      />
      <div className="grid gap-2 rounded-md border p-3">
        <h6 className="text-sm font-semibold">{t.audit}</h6>
        <p className="text-xs text-muted-foreground">{t.auditText}</p>
        <dl className="grid gap-2" data-testid="signature-audit">
          <Row label={t.signedAt}>{a.signedAt ? dateTimeFormat.format(toDate(a.signedAt)) : t.missing}</Row>
          <Row label={t.ip}>{a.signerIp ?? t.missing}</Row>
          <Row label={t.userAgent}>{a.signerUserAgent ?? t.missing}</Row>
          <Row label={t.signatureHash}>{hash(a.signatureSha256)}</Row>
          <Row label={t.answersHash}>{hash(a.answersSha256)}</Row>
        </dl>
      </div>
    </div>
  );
}

function Decisions({
  application,
  zones,
  name,
}: {
  application: ApplicationView;
  zones: AdminZone[];
  name: string;
}) {
  const navigation = useNavigation();
  const { status, id } = application;
  if (status === "approved") return null;
  const approving =
    navigation.state !== "idle" &&
    navigation.formData?.get("applicationId") === id &&
    navigation.formData?.get("intent") === "approve";
  const free = zones.filter((zone) => zone.franchiseeId === null);
  return (
    <div className="grid gap-3 border-t pt-3">
      <div className="flex flex-wrap gap-2">
        {status === "submitted" || status === "rejected" ? (
          <ActionButton fields={{ intent: "review", applicationId: id }} variant="outline" size="sm">
            {t.review}
          </ActionButton>
        ) : null}
        {status !== "rejected" ? (
          <ActionButton
            fields={{ intent: "reject", applicationId: id }}
            variant="outline"
            size="sm"
            confirm={{
              title: t.rejectTitle,
              description: t.rejectText,
              confirmText: t.reject,
              type: "destructive",
            }}
          >
            <X aria-hidden />
            {t.reject}
          </ActionButton>
        ) : null}
      </div>
      {status !== "rejected" ? (
        <Form
          method="post"
          className="grid gap-3 rounded-md border p-3"
          aria-label={`${t.approveTitle} : ${name}`}
        >
          <input type="hidden" name="intent" value="approve" />
          <input type="hidden" name="applicationId" value={id} />
          <fieldset className="grid gap-2">
            <legend className="font-semibold">{t.zones}</legend>
            <p className="text-xs text-muted-foreground">{t.zonesHelp}</p>
            {free.length === 0 ? <p className="text-muted-foreground">{t.noFreeZone}</p> : null}
            {free.map((zone) => (
              <label key={zone.id} className="flex items-center gap-2">
                <input type="checkbox" name="zoneIds" value={zone.id} className="size-4 accent-primary" />
                {zone.zoneName}
              </label>
            ))}
          </fieldset>
          <p className="text-xs text-muted-foreground">{t.approveText}</p>
          {application.emailVerifiedAt ? null : (
            <p className="text-xs font-medium text-destructive" id={`unverified-${id}`}>
              {t.emailUnverifiedText}
            </p>
          )}
          <Button
            type="submit"
            size="sm"
            loading={approving}
            disabled={!application.emailVerifiedAt}
            aria-describedby={application.emailVerifiedAt ? undefined : `unverified-${id}`}
          >
            <Check aria-hidden />
            {t.approve}
          </Button>
        </Form>
      ) : null}
    </div>
  );
}

function FranchiseeTable({ franchisees }: { franchisees: NetworkFranchisee[] }) {
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
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
