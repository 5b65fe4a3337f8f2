import { Form, Link } from "react-router";
import { ActionButton } from "~/components/admin/confirm-submit";
import { NativeSelect } from "~/components/admin/native-select";
import { EmptyState } from "~/components/admin/page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { PROMO_CAMPAIGNS, type AdminPromoCode, type PromoCampaign } from "~/domain/offers/promo";
import { formatMoney } from "~/lib/format";
import { formatDate } from "~/domain/time/format-instant";
import { offersMessages } from "~/lib/messages/offers.fr";

const t = offersMessages.admin;
const c = t.columns;

function discountText(code: Pick<AdminPromoCode, "kind" | "value">) {
  return code.kind === "percent" ? `${code.value} %` : formatMoney(code.value);
}

function periodText(code: AdminPromoCode) {
  if (!code.startsAt && !code.endsAt) return t.always;
  // The end is stored as the start of the day after the last one.
  const last = code.endsAt ? formatDate(new Date(new Date(code.endsAt).getTime() - 60_000), "medium") : "…";
  return `${code.startsAt ? formatDate(code.startsAt, "medium") : "…"} – ${last}`;
}

/** The codes of one campaign with their figures; the admin's own codes can be edited and turned off. */
export function CodesTable({
  codes,
  campaign,
  limit,
}: {
  codes: AdminPromoCode[];
  campaign: PromoCampaign;
  limit: number;
}) {
  return (
    <section aria-labelledby="codes-title" className="grid gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="codes-title" className="text-xl font-semibold">
          {t.codesTitle}
        </h2>
        <Form method="get" className="flex flex-wrap items-end gap-2">
          <label className="grid gap-1 text-sm font-medium">
            {t.campaignFilter}
            <NativeSelect name="campagne" defaultValue={campaign}>
              {PROMO_CAMPAIGNS.map((value) => (
                <option key={value} value={value}>
                  {t.campaigns[value]}
                </option>
              ))}
            </NativeSelect>
          </label>
          <Button type="submit" variant="outline">
            {t.campaignFilterShow}
          </Button>
        </Form>
      </div>
      {codes.length === 0 ? (
        <EmptyState>{t.noCodes}</EmptyState>
      ) : (
        <>
          <DataTable
            label={`${t.codesTitle} : ${t.campaigns[campaign]}`}
            caption={`${t.codesTitle} : ${t.campaigns[campaign]}`}
            columns={[
              { label: c.code },
              { label: c.discount },
              { label: c.period },
              { label: c.sent, align: "right" },
              { label: c.uses, align: "right" },
              { label: c.bookings, align: "right" },
              { label: c.revenue, align: "right" },
              { label: c.discounts, align: "right" },
              { label: c.status },
              ...(campaign === "admin" ? [{ label: <span className="sr-only">{c.actions}</span> }] : []),
            ]}
          >
            {codes.map((code) => (
              <CodeRow key={code.id} code={code} />
            ))}
          </DataTable>
          {codes.length >= limit ? (
            <p className="text-sm text-muted-foreground">{t.latestCodes(limit)}</p>
          ) : null}
        </>
      )}
    </section>
  );
}

function CodeRow({ code }: { code: AdminPromoCode }) {
  const rules = [
    code.recipientEmail,
    code.oncePerCustomer ? t.oncePerCustomer : null,
    code.firstBookingOnly ? t.firstBookingOnly : null,
    code.minCars > 1 ? `${t.minCars} : ${code.minCars}` : null,
    code.zoneNames.length > 0 ? code.zoneNames.join(", ") : null,
  ].filter(Boolean);
  return (
    <tr className="border-t align-top">
      <th scope="row" className="p-3 text-left">
        <span className="font-mono font-semibold">{code.code}</span>
        {rules.length > 0 ? (
          <span className="block text-xs font-normal text-muted-foreground">{rules.join(" · ")}</span>
        ) : null}
      </th>
      <td className="p-3 whitespace-nowrap">{discountText(code)}</td>
      <td className="p-3 whitespace-nowrap">{periodText(code)}</td>
      <td className="p-3 text-right tabular-nums">{code.sent ?? "—"}</td>
      <td className="p-3 text-right whitespace-nowrap tabular-nums">
        {code.usesCount} / {code.maxUses ?? t.unlimited}
      </td>
      <td className="p-3 text-right tabular-nums">{code.bookings}</td>
      <td className="p-3 text-right tabular-nums">{formatMoney(code.revenueCents)}</td>
      <td className="p-3 text-right tabular-nums">{formatMoney(code.discountCents)}</td>
      <td className="p-3">
        <Badge variant={code.isActive ? "success" : "secondary"}>
          {code.isActive ? t.active : t.inactive}
        </Badge>
      </td>
      {code.campaign === "admin" ? (
        <td className="p-3">
          <div className="flex gap-2">
            <Button asChild variant="outline" size="sm">
              <Link to={`/admin/promo-codes/${code.id}`} aria-label={`${t.edit} ${code.code}`}>
                {t.edit}
              </Link>
            </Button>
            <ActionButton
              fields={{ intent: "active", id: code.id, active: code.isActive ? "false" : "true" }}
              variant="outline"
              size="sm"
              aria-label={`${code.isActive ? t.deactivate : t.activate} ${code.code}`}
            >
              {code.isActive ? t.deactivate : t.activate}
            </ActionButton>
          </div>
        </td>
      ) : null}
    </tr>
  );
}
