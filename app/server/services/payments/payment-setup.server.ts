import { eq } from "drizzle-orm";
import { appSettings, franchisees, serviceZones, zonePaymentSettings } from "#db/schema";
import { royaltyRate } from "~/domain/payments/royalty";
import type { AmountRule, CancelFeeRule, ZonePaymentPolicy } from "~/domain/payments/terms";
import type { Db, Tx } from "../../db.server";

/** The app_settings key of the network's royalty (basis points), set by the admin. */
export const NETWORK_ROYALTY_SETTING = "royalty_basis_points";

/** How a zone takes cards now: its policy, the franchisee's account, the royalty in force. */
export interface CardSetup {
  policy: ZonePaymentPolicy;
  accountId: string;
  royaltyBasisPoints: number;
}

function amountRule(rule: "fixed" | "percent" | null, value: number | null): AmountRule | null {
  if (!rule || value === null) return null;
  return rule === "fixed" ? { rule, cents: value } : { rule, basisPoints: value };
}

function feeRule(rule: "none" | "deposit" | "fixed" | "percent", value: number | null): CancelFeeRule {
  if (rule === "none" || rule === "deposit") return { rule };
  return amountRule(rule, value) ?? { rule: "none" };
}

/**
 * The zone's card setting when it applies, or null for payment on site (ADR 073): Stripe not
 * configured (`paymentsOn` false), no setting or 'on_site', or a franchisee whose Stripe account
 * does not accept charges yet.
 */
export async function cardSetupFor(
  db: Db | Tx,
  zoneId: string,
  paymentsOn: boolean,
): Promise<CardSetup | null> {
  if (!paymentsOn) return null;
  const [row] = await db
    .select({
      setting: zonePaymentSettings,
      accountId: franchisees.stripeAccountId,
      accountState: franchisees.stripeAccountState,
      royalty: franchisees.royaltyBasisPoints,
    })
    .from(zonePaymentSettings)
    .innerJoin(serviceZones, eq(serviceZones.id, zonePaymentSettings.zoneId))
    .innerJoin(franchisees, eq(franchisees.id, serviceZones.franchiseeId))
    .where(eq(zonePaymentSettings.zoneId, zoneId));
  if (!row || row.setting.mode === "on_site" || row.accountState !== "enabled" || !row.accountId) return null;
  const [network] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, NETWORK_ROYALTY_SETTING));
  const networkRate = network && /^\d+$/.test(network.value) ? Number(network.value) : null;
  const s = row.setting;
  return {
    policy: {
      mode: s.mode,
      deposit: amountRule(s.depositRule, s.depositValue),
      lateCancel: feeRule(s.lateCancelRule, s.lateCancelValue),
      noShow: feeRule(s.noShowRule, s.noShowValue),
    },
    accountId: row.accountId,
    royaltyBasisPoints: royaltyRate(row.royalty, networkRate),
  };
}
