import { ArrowDown, ArrowUp, ChevronLeft } from "lucide-react";
import { data, Form, Link, useActionData, useNavigation } from "react-router";

import { ActionButton } from "~/components/admin/confirm-submit";
import { EmptyState, PageHeader } from "~/components/admin/page-header";
import { FormErrors } from "~/components/forms/form-errors";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import {
  ChecklistStepFormSchema,
  ChecklistStepIdSchema,
  ChecklistStepMoveSchema,
} from "~/domain/crew/job-report";
import { z } from "~/lib/zod-fr";
import { jobReportMessages } from "~/lib/messages/job-report.fr";
import { adminMessages } from "~/lib/messages/admin.fr";
import { requireRole } from "~/server/http/require-role.server";
import { getDb } from "~/server/db.server";
import {
  archiveChecklistStep,
  loadChecklist,
  moveChecklistStep,
  saveChecklistStep,
} from "~/server/services/admin/manage-checklists.server";
import { hasCode } from "~/lib/errors";
import { adminFailure, redirectWithToast } from "./admin-answers.server";
import type { Route } from "./+types/service-checklist";

const t = jobReportMessages.admin;

export const meta: Route.MetaFunction = () => [
  { title: t.metaTitle },
  { name: "robots", content: "noindex" },
];

/** /admin/services/{id}/checklist: the steps the crew ticks for this service (ADR 088). */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const actor = await requireRole({ request, url }, ["admin"]);
  if (!z.uuid().safeParse(params.serviceId).success) throw data(t.notFound, { status: 404 });
  try {
    return await loadChecklist(getDb(), { actor, serviceId: params.serviceId });
  } catch (error) {
    if (hasCode(error, "NOT_FOUND")) throw data(t.notFound, { status: 404 });
    throw error;
  }
}

type ActionData = {
  error?: string;
  stepId?: string;
  values?: { label: string; required: boolean };
  fieldError?: string;
};

export async function action({ request, url, params }: Route.ActionArgs) {
  const actor = await requireRole({ request, url }, ["admin"]);
  const form = Object.fromEntries(await request.formData());
  const db = getDb();
  const serviceId = params.serviceId;
  const invalid = () => data<ActionData>({ error: adminMessages.common.invalidRequest }, { status: 400 });
  const fail = (error: unknown) => {
    const failure = adminFailure(error);
    return data<ActionData>({ error: failure.message }, { status: failure.status });
  };
  if (!z.uuid().safeParse(serviceId).success) return invalid();
  try {
    if (form.intent === "move") {
      const parsed = ChecklistStepMoveSchema.safeParse(form);
      if (!parsed.success) return invalid();
      await moveChecklistStep(db, { actor, serviceId, ...parsed.data });
      return redirectWithToast(url, t.moved);
    }
    if (form.intent === "remove") {
      const parsed = ChecklistStepIdSchema.safeParse(form);
      if (!parsed.success) return invalid();
      await archiveChecklistStep(db, { actor, serviceId, ...parsed.data });
      return redirectWithToast(url, t.removed);
    }
    if (form.intent !== "save") return invalid();
    const parsed = ChecklistStepFormSchema.safeParse(form);
    if (!parsed.success) {
      return data<ActionData>(
        {
          stepId: typeof form.stepId === "string" ? form.stepId : undefined,
          values: { label: String(form.label ?? ""), required: form.required === "on" },
          fieldError: parsed.error.issues[0]?.message,
        },
        { status: 400 },
      );
    }
    await saveChecklistStep(db, { actor, serviceId, ...parsed.data });
    return redirectWithToast(url, t.saved);
  } catch (error) {
    if (error instanceof Response) throw error;
    return fail(error);
  }
}

/** One step's form: its label and « Obligatoire », saved with the same schema as the server's. */
function StepForm({
  stepId,
  label,
  required,
  answer,
  name,
}: {
  stepId?: string;
  label: string;
  required: boolean;
  answer: ActionData | undefined;
  name: string;
}) {
  const mine = answer?.values && answer.stepId === stepId ? answer : undefined;
  const id = `step-${stepId ?? "new"}`;
  return (
    <Form method="post" className="flex min-w-0 flex-1 flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="save" />
      {stepId ? <input type="hidden" name="stepId" value={stepId} /> : null}
      <div className="grid min-w-48 flex-1 gap-1">
        <label htmlFor={`${id}-label`} className="text-sm font-medium">
          {name}
        </label>
        <Input
          id={`${id}-label`}
          name="label"
          required
          maxLength={120}
          defaultValue={mine?.values?.label ?? label}
          aria-invalid={mine?.fieldError ? true : undefined}
          aria-describedby={mine?.fieldError ? `${id}-error` : undefined}
        />
        {mine?.fieldError ? (
          <p id={`${id}-error`} className="text-sm text-destructive">
            {mine.fieldError}
          </p>
        ) : null}
      </div>
      <label className="flex min-h-10 items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="required"
          defaultChecked={mine?.values?.required ?? required}
          className="size-4 accent-primary"
        />
        {t.required}
      </label>
      <Button type="submit" variant={stepId ? "outline" : "default"}>
        {stepId ? t.save : t.add}
      </Button>
    </Form>
  );
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { service, steps } = loaderData;
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <div className="grid gap-8">
      <div className="grid gap-2">
        <Button asChild variant="link" size="sm" className="justify-self-start px-0">
          <Link to="/admin/services">
            <ChevronLeft aria-hidden="true" />
            {t.back}
          </Link>
        </Button>
        <PageHeader title={t.title(service.name)} description={t.intro} />
      </div>
      {answer?.error ? <FormErrors id="checklist-error" errors={[answer.error]} /> : null}
      {steps.length === 0 ? (
        <EmptyState>{t.empty}</EmptyState>
      ) : (
        <ol className="grid gap-3" aria-label={t.title(service.name)} aria-busy={navigation.state !== "idle"}>
          {steps.map((step, index) => (
            <li
              key={step.id}
              className="flex flex-wrap items-end gap-3 rounded-lg border bg-card p-4 shadow-sm"
            >
              <div className="flex gap-1">
                <ActionButton
                  fields={{ intent: "move", stepId: step.id, direction: "up" }}
                  variant="ghost"
                  size="icon"
                  disabled={index === 0}
                  aria-label={t.up(step.label)}
                >
                  <ArrowUp aria-hidden />
                </ActionButton>
                <ActionButton
                  fields={{ intent: "move", stepId: step.id, direction: "down" }}
                  variant="ghost"
                  size="icon"
                  disabled={index === steps.length - 1}
                  aria-label={t.down(step.label)}
                >
                  <ArrowDown aria-hidden />
                </ActionButton>
              </div>
              <StepForm
                key={`${step.id}-${step.label}-${step.required}`}
                stepId={step.id}
                label={step.label}
                required={step.required}
                answer={answer}
                name={`${t.label} ${index + 1}`}
              />
              <ActionButton
                fields={{ intent: "remove", stepId: step.id }}
                variant="ghost"
                size="sm"
                aria-label={t.removeLabel(step.label)}
              >
                {t.remove}
              </ActionButton>
            </li>
          ))}
        </ol>
      )}
      <section aria-labelledby="new-step" className="grid gap-3 rounded-lg border bg-card p-4 shadow-sm">
        <h2 id="new-step" className="font-semibold">
          {t.newStep}
        </h2>
        <StepForm key={steps.length} label="" required answer={answer} name={t.label} />
      </section>
    </div>
  );
}
