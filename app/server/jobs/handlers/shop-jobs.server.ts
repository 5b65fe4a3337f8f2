import { eq } from "drizzle-orm";
import { appointments, franchisees, shopOrderLines, shopOrders } from "#db/schema";
import { env } from "../../env.server";
import { mailerFromEnv, type Mailer } from "../../mail/mailer.server";
import { renderShopOrderMail } from "../../mail/shop-mails.server";
import { stripeFromEnv, type StripeClient } from "../../payments/stripe.server";
import { refundShopReturn } from "../../services/shop/shop-returns.server";
import type { JobPayloads } from "../payloads";
import type { JobHandler } from "../worker.server";

export interface ShopJobDeps {
  mailer?: () => Mailer;
  stripe?: () => StripeClient | undefined;
}

type Handlers = { [N in "email.shop-order" | "shop.refund"]: JobHandler<JobPayloads[N]> };

/** The shop's jobs (ADR 094): the order's confirmation, an accepted return's refund. */
export function createShopHandlers({
  mailer = mailerFromEnv,
  stripe = stripeFromEnv,
}: ShopJobDeps = {}): Handlers {
  return {
    "email.shop-order": async ({ orderId }, { db }) => {
      const [order] = await db.select().from(shopOrders).where(eq(shopOrders.id, orderId));
      if (!order || order.status === "awaiting_payment" || order.status === "cancelled") return;
      const lines = await db.select().from(shopOrderLines).where(eq(shopOrderLines.orderId, orderId));
      const [franchisee] = await db
        .select({ name: franchisees.businessName })
        .from(franchisees)
        .where(eq(franchisees.id, order.franchiseeId));
      const [wash] = order.appointmentId
        ? await db
            .select({ startAt: appointments.startAt })
            .from(appointments)
            .where(eq(appointments.id, order.appointmentId))
        : [];
      await mailer().send({
        to: order.customerEmail,
        ...renderShopOrderMail(
          { ...order, lines, washAt: wash?.startAt ?? null, franchiseeName: franchisee?.name ?? "" },
          `${env().PUBLIC_URL}/boutique/commandes/${order.id}`,
        ),
      });
    },
    "shop.refund": async ({ returnId }, { db }) => {
      const client = stripe();
      if (!client) throw new Error("Stripe is not configured: the shop's refund waits");
      await refundShopReturn(db, returnId, client);
    },
  };
}
