import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, useActionData } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { PromoCodeForm } from "~/components/admin/promo-codes/promo-code-form";
import { Button } from "~/components/ui/button";
import { PromoCodeFormSchema } from "~/domain/offers/schemas";
import { hasCode } from "~/lib/errors";
import { offersMessages } from "~/lib/messages/offers.fr";
import { requireRole } from "~/server/http/require-role.server";
import { getDb } from "~/server/db.server";
import { formFailure } from "~/server/http/failure.server";
import { getPromoCodeForEdit, updatePromoCode } from "~/server/services/offers/manage-promo-codes.server";
import { listZones } from "~/server/services/zones/list-zones.server";
import { redirectWithToast } from "./admin-answers.server";
import type { Route } from "./+types/promo-code-edit";

const t = offersMessages.admin;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const meta: Route.MetaFunction = ({ loaderData: loaded }) => [
  { title: `${loaded ? t.editTitle(loaded.values.code) : t.title} | Lavage Mobile Prestige` },
  { name: "robots", content: "noindex" },
];

function notFound(): never {
  throw data(null, { status: 404 });
}

/** /admin/promo-codes/:id: the admin's code in the creation's form (ADR 057). */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const actor = await requireRole({ request, url }, ["admin"]);
  if (!UUID.test(params.id)) notFound();
  const db = getDb();
  try {
    const [values, zones] = await Promise.all([
      getPromoCodeForEdit(db, { actor, id: params.id }),
      listZones(db),
    ]);
    return { values, zones: zones.map((z) => ({ id: z.id, name: z.zoneName })) };
  } catch (error) {
    if (hasCode(error, "NOT_FOUND")) notFound();
    throw error;
  }
}

export async function action({ request, params, url }: Route.ActionArgs) {
  const actor = await requireRole({ request, url }, ["admin"]);
  if (!UUID.test(params.id)) notFound();
  const db = getDb();
  const submission = parseWithZod(await request.formData(), { schema: PromoCodeFormSchema });
  if (submission.status !== "success")
    return data<{ result: SubmissionResult<string[]> }>({ result: submission.reply() }, { status: 400 });
  try {
    const { code } = await updatePromoCode(db, { actor, id: params.id, input: submission.value });
    return redirectWithToast(url, t.saved(code), { to: "/admin/promo-codes" });
  } catch (error) {
    if (hasCode(error, "NOT_FOUND")) notFound();
    const { failure, result } = formFailure(error, submission, {
      fields: { MAX_USES_BELOW_USES: "maxUses", RENAME_USED: "code", CODE_TAKEN: "code" },
    });
    return data({ result }, { status: failure.status });
  }
}

export default function PromoCodeEditPage({ loaderData }: Route.ComponentProps) {
  const { values, zones } = loaderData;
  const actionData = useActionData<typeof action>();
  const { usesCount: _uses, ...defaultValue } = values;
  return (
    <div className="grid max-w-3xl gap-8">
      <PageHeader
        title={t.editTitle(values.code)}
        actions={
          <Button asChild variant="outline">
            <Link to="/admin/promo-codes">{t.back}</Link>
          </Button>
        }
      />
      <PromoCodeForm
        zones={zones}
        lastResult={actionData?.result}
        intent="update"
        title={t.editTitle(values.code)}
        description={t.editDescription}
        submitLabel={t.save}
        defaultValue={defaultValue}
      />
    </div>
  );
}
