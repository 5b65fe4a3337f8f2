import { RotateCcw } from "lucide-react";
import { data, useActionData } from "react-router";
import { ActionButton } from "~/components/admin/confirm-submit";
import { EmptyState, PageHeader } from "~/components/admin/page-header";
import { FormErrors } from "~/components/forms/form-errors";
import { DataTable } from "~/components/ui/data-table";
import { RetryJobSchema } from "~/domain/admin/schemas";
import { requireRole } from "~/server/http/require-role.server";
import { getDb } from "~/server/db.server";
import { jobCounts, type JobStatus } from "~/server/jobs/queue.server";
import { listJobs, retryDeadJob } from "~/server/jobs/job-maintenance.server";
import { redirectWithToast } from "./admin-answers.server";
import type { Route } from "./+types/jobs";
import { adminMessages } from "~/lib/messages/admin.fr";
import { formatDateTime } from "~/domain/time/format-instant";

const t = adminMessages.jobs;

export const meta: Route.MetaFunction = () => [
  { title: `${t.title} | Lavage Mobile Prestige` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireRole({ request, url }, ["admin"]);
  const db = getDb();
  const [counts, dead] = await Promise.all([jobCounts(db), listJobs(db, { status: "dead", limit: 100 })]);
  return {
    counts,
    dead: dead.map((job) => ({
      id: job.id,
      name: job.name,
      attempts: job.attempts,
      maxAttempts: job.maxAttempts,
      lastError: job.lastError,
      updatedAt: job.updatedAt,
    })),
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  await requireRole({ request, url }, ["admin"]);
  const parsed = RetryJobSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: adminMessages.common.invalidRequest }, { status: 400 });
  const retried = await retryDeadJob(getDb(), parsed.data.jobId);
  if (!retried) return data({ error: t.notDead }, { status: 409 });
  return redirectWithToast(url, t.retried(parsed.data.jobId));
}

const STATUSES: JobStatus[] = ["pending", "running", "completed", "dead"];

export default function JobsPage({ loaderData }: Route.ComponentProps) {
  const { counts, dead } = loaderData;
  const actionData = useActionData<typeof action>();
  return (
    <div className="grid gap-8">
      <PageHeader title={t.title} description={t.description} />
      <section aria-labelledby="counts-title" className="grid gap-3">
        <h2 id="counts-title" className="text-xl font-semibold">
          {t.counts}
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {STATUSES.map((status) => (
            <div key={status} className="rounded-lg border bg-card p-4">
              <dt className="text-sm text-muted-foreground">{t.statuses[status]}</dt>
              <dd className="text-2xl font-bold tabular-nums" data-testid={`jobs-${status}`}>
                {counts[status]}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="dead-title" className="grid gap-3">
        <h2 id="dead-title" className="text-xl font-semibold">
          {t.dead}
        </h2>
        {actionData?.error ? <FormErrors id="jobs-error" errors={[actionData.error]} /> : null}
        {dead.length === 0 ? (
          <EmptyState>{t.empty}</EmptyState>
        ) : (
          <DataTable
            label={t.dead}
            columns={[
              { label: t.id },
              { label: t.name },
              { label: t.attempts },
              { label: t.lastError },
              { label: t.updatedAt },
              { label: <span className="sr-only">{adminMessages.common.actions}</span> },
            ]}
          >
            {dead.map((job) => (
              <tr key={job.id} className="border-t align-top">
                <th scope="row" className="p-3 text-left font-normal tabular-nums">
                  {job.id}
                </th>
                <td className="p-3 font-mono text-xs">{job.name}</td>
                <td className="p-3 tabular-nums">
                  {job.attempts}/{job.maxAttempts}
                </td>
                <td className="max-w-md p-3">
                  <code className="text-xs break-words whitespace-pre-wrap">{job.lastError}</code>
                </td>
                <td className="p-3 whitespace-nowrap">{formatDateTime(job.updatedAt, "medium")}</td>
                <td className="p-3">
                  <ActionButton
                    fields={{ jobId: String(job.id) }}
                    size="sm"
                    variant="outline"
                    aria-label={t.retryLabel(job.id)}
                  >
                    <RotateCcw aria-hidden />
                    {t.retry}
                  </ActionButton>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </div>
  );
}
