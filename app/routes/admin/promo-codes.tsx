import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, useActionData, useLocation } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { CodesTable } from "~/components/admin/promo-codes/codes-table";
import { CampaignFiguresTable } from "~/components/admin/promo-codes/figures-table";
import { ThankYouSettingsForm, WinbackSettings } from "~/components/admin/promo-codes/offer-settings";
import { PromoCodeForm } from "~/components/admin/promo-codes/promo-code-form";
import { FormErrors } from "~/components/forms/form-errors";
import { CODES_LISTED, PROMO_CAMPAIGNS, type PromoCampaign } from "~/domain/offers/promo";
import {
  PromoCodeActiveSchema,
  PromoCodeFormSchema,
  ThankYouSettingsSchema,
  WinbackSettingsSchema,
} from "~/domain/offers/schemas";
import { offersMessages } from "~/lib/messages/offers.fr";
import { adminMessages } from "~/lib/messages/admin.fr";
import { requireRole } from "~/server/http/require-role.server";
import { getDb } from "~/server/db.server";
import { formFailure } from "~/server/http/failure.server";
import { createPromoCode, setPromoCodeActive } from "~/server/services/offers/manage-promo-codes.server";
import { campaignFigures, listPromoCodes } from "~/server/services/offers/promo-figures.server";
import { setThankYouSettings, thankYouSettings } from "~/server/services/offers/thankyou.server";
import { setWinbackDays, winbackDays } from "~/server/services/offers/winback.server";
import { listZones } from "~/server/services/zones/list-zones.server";
import { adminFailure, redirectWithToast } from "./admin-answers.server";
import type { Route } from "./+types/promo-codes";

const t = offersMessages.admin;

export const meta: Route.MetaFunction = () => [
  { title: `${t.title} | Lavage Mobile Prestige` },
  { name: "robots", content: "noindex" },
];

/** ?campagne=winback lists that campaign's codes; anything else, the admin's own. */
function campaignOf(request: Request): PromoCampaign {
  const asked = new URL(request.url).searchParams.get("campagne");
  return (PROMO_CAMPAIGNS as readonly string[]).includes(asked ?? "") ? (asked as PromoCampaign) : "admin";
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const actor = await requireRole({ request, url }, ["admin"]);
  const db = getDb();
  const campaign = campaignOf(request);
  const [codes, campaigns, zones, days, thankyou] = await Promise.all([
    listPromoCodes(db, { actor, campaign }),
    campaignFigures(db, { actor }),
    listZones(db),
    winbackDays(db),
    thankYouSettings(db),
  ]);
  return {
    codes,
    campaign,
    campaigns,
    zones: zones.map((z) => ({ id: z.id, name: z.zoneName })),
    days,
    thankyou,
  };
}

type ActionData = {
  result?: SubmissionResult<string[]>;
  thankyouResult?: SubmissionResult<string[]>;
  error?: string;
  winbackError?: string;
};

export async function action({ request, url }: Route.ActionArgs) {
  const actor = await requireRole({ request, url }, ["admin"]);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const db = getDb();

  if (intent === "active") {
    const parsed = PromoCodeActiveSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success)
      return data<ActionData>({ error: adminMessages.common.invalidRequest }, { status: 400 });
    try {
      const { code } = await setPromoCodeActive(db, { actor, ...parsed.data });
      return redirectWithToast(url, parsed.data.active ? t.activated(code) : t.deactivated(code));
    } catch (error) {
      const { message, status } = adminFailure(error);
      return data<ActionData>({ error: message }, { status });
    }
  }
  if (intent === "winback") {
    const parsed = WinbackSettingsSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) {
      return data<ActionData>({ winbackError: parsed.error.issues[0]?.message }, { status: 400 });
    }
    await setWinbackDays(db, parsed.data.days);
    return redirectWithToast(url, t.winbackSaved(parsed.data.days));
  }
  if (intent === "thankyou") {
    const submission = parseWithZod(formData, { schema: ThankYouSettingsSchema });
    if (submission.status !== "success")
      return data<ActionData>({ thankyouResult: submission.reply() }, { status: 400 });
    await setThankYouSettings(db, submission.value);
    return redirectWithToast(url, t.thankyouSaved);
  }

  const submission = parseWithZod(formData, { schema: PromoCodeFormSchema });
  if (submission.status !== "success")
    return data<ActionData>({ result: submission.reply() }, { status: 400 });
  try {
    const { code } = await createPromoCode(db, { actor, input: submission.value });
    return redirectWithToast(url, t.created(code));
  } catch (error) {
    const { failure, result } = formFailure(error, submission, { fields: { CODE_TAKEN: "code" } });
    return data<ActionData>({ result }, { status: failure.status });
  }
}

export default function PromoCodesPage({ loaderData }: Route.ComponentProps) {
  const { codes, campaign, campaigns, zones, days, thankyou } = loaderData;
  const actionData = useActionData<typeof action>();
  // A created code redirects here (a new location): the form starts empty again (issue 33, item 13).
  const location = useLocation();
  return (
    <div className="grid gap-8">
      <PageHeader title={t.title} description={t.description} />
      {actionData?.error ? <FormErrors id="promo-error" errors={[actionData.error]} /> : null}
      <CampaignFiguresTable campaigns={campaigns} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
        <PromoCodeForm
          key={location.key}
          zones={zones}
          lastResult={actionData?.result}
          intent="create"
          title={t.createTitle}
          submitLabel={t.create}
        />
        <div className="grid gap-6">
          <ThankYouSettingsForm settings={thankyou} lastResult={actionData?.thankyouResult} />
          <WinbackSettings days={days} error={actionData?.winbackError} />
        </div>
      </div>
      <CodesTable codes={codes} campaign={campaign} limit={CODES_LISTED} />
    </div>
  );
}
