import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { ArrowDown, ArrowUp } from "lucide-react";
import { data, Link, useActionData } from "react-router";
import { EditItemLink, EditorForm, NewItemButton, useEditorState } from "~/components/admin/catalogue-editor";
import { ActionButton } from "~/components/admin/confirm-submit";
import { EmptyState, PageHeader } from "~/components/admin/page-header";
import { FormErrors } from "~/components/forms/form-errors";
import { InputField } from "~/components/forms/input-field";
import { Badge } from "~/components/ui/badge";
import { Field } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";
import { centsToPriceInput } from "~/domain/admin/money";
import { ServiceActiveSchema, ServiceFormSchema, ServiceMoveSchema } from "~/domain/admin/schemas";
import { formatMoney } from "~/lib/format";
import { requireRole } from "~/server/http/require-role.server";
import { getDb } from "~/server/db.server";
import {
  listAllServices,
  moveService,
  saveService,
  setServiceActive,
  type AdminService,
} from "~/server/services/admin/manage-services.server";
import { adminFailure, redirectWithToast } from "./admin-answers.server";
import type { Route } from "./+types/services";
import { adminMessages } from "~/lib/messages/admin.fr";
import { jobReportMessages } from "~/lib/messages/job-report.fr";
import { Button } from "~/components/ui/button";

const t = adminMessages.services;

export const meta: Route.MetaFunction = () => [
  { title: `${t.title} | Lavage Mobile Prestige` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, url }: Route.LoaderArgs) {
  const actor = await requireRole({ request, url }, ["admin"]);
  return { services: await listAllServices(getDb(), { actor }) };
}

type ActionData = { result?: SubmissionResult<string[]>; error?: string };

export async function action({ request, url }: Route.ActionArgs) {
  const actor = await requireRole({ request, url }, ["admin"]);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const db = getDb();
  const fail = (error: unknown) => {
    const failure = adminFailure(error, { LAST_ACTIVE_SERVICE: t.lastActive });
    return data<ActionData>({ error: failure.message }, { status: failure.status });
  };

  if (intent === "move") {
    const parsed = ServiceMoveSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success)
      return data<ActionData>({ error: adminMessages.common.invalidRequest }, { status: 400 });
    try {
      await moveService(db, { actor, ...parsed.data });
    } catch (error) {
      return fail(error);
    }
    return redirectWithToast(url, t.moved);
  }
  if (intent === "active") {
    const parsed = ServiceActiveSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success)
      return data<ActionData>({ error: adminMessages.common.invalidRequest }, { status: 400 });
    try {
      const { name } = await setServiceActive(db, { actor, ...parsed.data });
      return redirectWithToast(url, parsed.data.active ? t.reactivated(name) : t.deactivated(name));
    } catch (error) {
      return fail(error);
    }
  }

  const submission = parseWithZod(formData, { schema: ServiceFormSchema });
  if (submission.status !== "success") {
    return data<ActionData>({ result: submission.reply() }, { status: 400 });
  }
  try {
    const saved = await saveService(db, { actor, input: submission.value });
    return redirectWithToast(url, saved.created ? t.created(saved.name) : t.saved(saved.name), {
      to: "/admin/services",
    });
  } catch (error) {
    const failure = adminFailure(error);
    return data<ActionData>(
      { result: submission.reply({ formErrors: [failure.message] }) },
      { status: failure.status },
    );
  }
}

export default function ServicesPage({ loaderData }: Route.ComponentProps) {
  const { services } = loaderData;
  const actionData = useActionData<typeof action>();
  const { editing, creating } = useEditorState(services, Boolean(actionData?.result));
  return (
    <div className="grid gap-8">
      <PageHeader
        title={t.title}
        description={t.description}
        actions={<NewItemButton>{t.new}</NewItemButton>}
      />
      {actionData?.error ? <FormErrors id="services-error" errors={[actionData.error]} /> : null}
      {editing || creating ? (
        <ServiceForm key={editing?.id ?? "new"} service={editing} lastResult={actionData?.result} />
      ) : null}

      {services.length === 0 ? (
        <EmptyState>{t.empty}</EmptyState>
      ) : (
        <ol className="grid gap-3" aria-label={t.title}>
          {services.map((service, index) => (
            <li key={service.id}>
              <ServiceRow service={service} first={index === 0} last={index === services.length - 1} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function ServiceRow({ service, first, last }: { service: AdminService; first: boolean; last: boolean }) {
  return (
    <article
      aria-labelledby={`service-${service.id}`}
      className="flex flex-wrap items-center gap-4 rounded-lg border bg-card p-4 shadow-sm"
    >
      <div className="flex flex-col gap-1">
        <ActionButton
          fields={{ intent: "move", id: service.id, direction: "up" }}
          variant="ghost"
          size="icon"
          disabled={first}
          aria-label={t.moveUp(service.name)}
        >
          <ArrowUp aria-hidden />
        </ActionButton>
        <ActionButton
          fields={{ intent: "move", id: service.id, direction: "down" }}
          variant="ghost"
          size="icon"
          disabled={last}
          aria-label={t.moveDown(service.name)}
        >
          <ArrowDown aria-hidden />
        </ActionButton>
      </div>
      <div className="grid min-w-48 flex-1 gap-1">
        <h2 id={`service-${service.id}`} className="flex flex-wrap items-center gap-2 font-semibold">
          {service.name}
          <Badge variant={service.isActive ? "success" : "secondary"}>
            {service.isActive ? t.active : t.inactive}
          </Badge>
        </h2>
        {service.description ? <p className="text-sm text-muted-foreground">{service.description}</p> : null}
        <p className="text-sm">
          <span className="font-medium tabular-nums">{formatMoney(service.basePriceCents)}</span> ·{" "}
          {t.minutes(service.durationMinutes)}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <EditItemLink id={service.id} name={service.name} />
        <Button asChild variant="outline" size="sm">
          <Link
            to={`/admin/services/${service.id}/checklist`}
            aria-label={jobReportMessages.admin.linkLabel(service.name)}
          >
            {jobReportMessages.admin.link}
          </Link>
        </Button>
        {service.isActive ? (
          <ActionButton
            fields={{ intent: "active", id: service.id, active: "false" }}
            variant="outline"
            size="sm"
            aria-label={`${t.deactivate} ${service.name}`}
            confirm={{
              title: t.deactivateTitle(service.name),
              description: t.deactivateText,
              confirmText: t.deactivate,
              type: "destructive",
            }}
          >
            {t.deactivate}
          </ActionButton>
        ) : (
          <ActionButton
            fields={{ intent: "active", id: service.id, active: "true" }}
            variant="outline"
            size="sm"
            aria-label={`${t.reactivate} ${service.name}`}
          >
            {t.reactivate}
          </ActionButton>
        )}
      </div>
    </article>
  );
}

function ServiceForm({
  service,
  lastResult,
}: {
  service: AdminService | undefined;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useForm({
    id: `service-form-${service?.id ?? "new"}`,
    lastResult,
    constraint: getZodConstraint(ServiceFormSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: service
      ? {
          id: service.id,
          name: service.name,
          description: service.description,
          price: centsToPriceInput(service.basePriceCents),
          durationMinutes: String(service.durationMinutes),
        }
      : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ServiceFormSchema }),
  });
  return (
    <EditorForm
      title={service ? t.editTitle(service.name) : t.new}
      id={service?.id}
      formProps={getFormProps(form)}
      formErrorId={form.errorId}
      formErrors={form.errors}
      cancelTo="/admin/services"
    >
      <InputField meta={fields.name} label={t.name} required className="sm:col-span-2" />
      <Field
        label={t.descriptionLabel}
        id={fields.description.id}
        error={fields.description.errors}
        className="sm:col-span-2"
      >
        <Textarea rows={3} {...getTextareaProps(fields.description, { ariaAttributes: false })} />
      </Field>
      <InputField
        meta={fields.price}
        label={t.price}
        description={t.priceHelp}
        required
        inputMode="decimal"
      />
      <InputField meta={fields.durationMinutes} label={t.duration} required inputMode="numeric" />
    </EditorForm>
  );
}
