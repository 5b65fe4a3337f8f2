import { asc, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { seed } from "~/server/seed/seed";
import { AppError } from "~/lib/errors";
import { ServiceFormSchema, ZoneFormSchema } from "~/domain/admin/schemas";
import { listActiveServices } from "~/server/services/catalog/list-active-services.server";
import { checkServiceArea } from "~/server/services/zones/check-service-area.server";
import { describeDatabases } from "../../../../tests/setup/db";
import { saveRetailProduct, setShopStock } from "../shop/shop-back-office.server";
import { closeRestockOrder, listRestockOrders } from "./manage-restock-orders.server";
import { listAllServices, moveService, saveService, setServiceActive } from "./manage-services.server";
import { deleteZone, saveZone } from "./manage-zones.server";

const admin = { id: "owner", role: "admin" as const };

describeDatabases("admin catalogue, zones and restock orders", ({ db }) => {
  beforeAll(async () => {
    await seed(db(), { demoAccounts: false });
  });

  it("creates, edits, orders and deactivates services; the public list follows at once", async () => {
    const created = await saveService(db(), {
      actor: admin,
      input: ServiceFormSchema.parse({ name: "Lavage Éclair", price: "79,99", durationMinutes: "45" }),
    });
    expect((await listActiveServices(db())).at(-1)).toMatchObject({
      name: "Lavage Éclair",
      basePriceCents: 7_999,
    });
    const [row] = await db().select().from(s.services).where(eq(s.services.id, created.id));
    expect(row!.slug).toBe("lavage-eclair");

    await saveService(db(), {
      actor: admin,
      input: ServiceFormSchema.parse({
        id: created.id,
        name: "Lavage Éclair",
        price: "84.5",
        durationMinutes: "50",
      }),
    });
    await moveService(db(), { actor: admin, id: created.id, direction: "up" });
    const ordered = await listAllServices(db(), { actor: admin });
    expect(ordered.map((service) => service.sortOrder)).toEqual(ordered.map((_, i) => i + 1));
    expect(ordered.at(-2)).toMatchObject({ id: created.id, basePriceCents: 8_450, durationMinutes: 50 });

    await setServiceActive(db(), { actor: admin, id: created.id, active: false });
    expect((await listActiveServices(db())).some((service) => service.id === created.id)).toBe(false);
  });

  it("keeps at least one active service", async () => {
    const active = await db()
      .select()
      .from(s.services)
      .where(eq(s.services.isActive, true))
      .orderBy(asc(s.services.sortOrder));
    for (const service of active.slice(1)) {
      await setServiceActive(db(), { actor: admin, id: service.id, active: false });
    }
    await expect(setServiceActive(db(), { actor: admin, id: active[0]!.id, active: false })).rejects.toEqual(
      new AppError("LAST_ACTIVE_SERVICE"),
    );
  });

  it("a zone created active serves its addresses; once seeking a franchisee it refuses them; it can be deleted", async () => {
    const [granby] = await db().select().from(s.serviceZones).where(eq(s.serviceZones.routeSlug, "granby"));
    const input = {
      zoneName: "Rimouski",
      routeSlug: "rimouski",
      centerLatitude: "48,4489",
      centerLongitude: "-68,5236",
      serviceRadiusKm: "20",
      status: "active",
      franchiseeId: granby!.franchiseeId!,
    };
    expect((await checkServiceArea(db(), { text: "Rimouski" })).inArea).toBe(false);
    const { id } = await saveZone(db(), { actor: admin, input: ZoneFormSchema.parse(input) });
    expect(await checkServiceArea(db(), { text: "Rimouski" })).toMatchObject({
      inArea: true,
      code: "IN_AREA",
    });

    await saveZone(db(), {
      actor: admin,
      input: ZoneFormSchema.parse({
        ...input,
        id,
        status: "seeking_franchisee",
        statusLabel: "Retour en 2026",
      }),
    });
    expect(await checkServiceArea(db(), { text: "Rimouski" })).toMatchObject({
      inArea: false,
      code: "ZONE_NOT_ACTIVE",
    });

    await expect(
      saveZone(db(), { actor: admin, input: ZoneFormSchema.parse({ ...input, zoneName: "Doublon" }) }),
    ).rejects.toEqual(new AppError("SLUG_TAKEN"));
    await deleteZone(db(), { actor: admin, id });
    expect(await db().select().from(s.serviceZones).where(eq(s.serviceZones.id, id))).toEqual([]);
  });

  it("closes an open restock order once, as delivered or cancelled", async () => {
    const [franchisee] = await db().select().from(s.franchisees).limit(1);
    const [order] = await db()
      .insert(s.restockOrders)
      .values({ franchiseeId: franchisee!.id, orderNumber: "RO-1", totalAmountCents: 4_599 })
      .returning();
    expect((await listRestockOrders(db(), { actor: admin, open: true })).map((o) => o.id)).toContain(
      order!.id,
    );
    await closeRestockOrder(db(), { actor: admin, orderId: order!.id, status: "delivered" });
    await expect(
      closeRestockOrder(db(), { actor: admin, orderId: order!.id, status: "cancelled" }),
    ).rejects.toEqual(new AppError("ORDER_CLOSED"));
    expect((await listRestockOrders(db(), { actor: admin, open: true })).map((o) => o.id)).not.toContain(
      order!.id,
    );
    const [closed] = await db().select().from(s.restockOrders).where(eq(s.restockOrders.id, order!.id));
    expect(closed!.status).toBe("delivered");
  });

  it("adds a delivered restock order's shop products to the franchisee's shop stock once, two marks at once included", async () => {
    const [franchisee] = await db().select().from(s.franchisees).limit(1);
    const items = await db().select().from(s.inventoryItems).orderBy(asc(s.inventoryItems.sku)).limit(4);
    const [stocked, unstocked, withdrawn, supply] = items as [
      (typeof items)[number],
      (typeof items)[number],
      (typeof items)[number],
      (typeof items)[number],
    ];
    await saveRetailProduct(db(), { itemId: stocked.id, isRetail: true, price: 1_999, slug: "restock-a" });
    await saveRetailProduct(db(), { itemId: unstocked.id, isRetail: true, price: 999, slug: "restock-b" });
    await saveRetailProduct(db(), { itemId: withdrawn.id, isRetail: false, price: 499, slug: "restock-c" });
    await setShopStock(db(), { itemId: stocked.id, franchiseeId: franchisee!.id, quantity: 4 });
    const restock = async (number: string) => {
      const [order] = await db()
        .insert(s.restockOrders)
        .values({ franchiseeId: franchisee!.id, orderNumber: number, totalAmountCents: 1_000 })
        .returning();
      await db()
        .insert(s.restockOrderItems)
        .values(
          [
            [stocked, 6],
            [unstocked, 3],
            [withdrawn, 2],
            [supply, 5],
          ].map(([item, quantity]) => ({
            orderId: order!.id,
            inventoryItemId: (item as typeof stocked).id,
            quantity: quantity as number,
            unitPriceCents: 100,
            totalPriceCents: (quantity as number) * 100,
          })),
        );
      return order!.id;
    };
    const stock = async () =>
      Object.fromEntries(
        (await db().select().from(s.shopStock).where(eq(s.shopStock.franchiseeId, franchisee!.id))).map(
          (row) => [row.inventoryItemId, row.quantity],
        ),
      );

    const orderId = await restock("RO-SHOP-1");
    const marks = await Promise.allSettled([
      closeRestockOrder(db(), { actor: admin, orderId, status: "delivered" }),
      closeRestockOrder(db(), { actor: admin, orderId, status: "delivered" }),
    ]);
    expect(marks.filter((m) => m.status === "fulfilled")).toHaveLength(1);
    expect(marks.find((m) => m.status === "rejected")).toMatchObject({
      reason: new AppError("ORDER_CLOSED"),
    });
    // Only the products sold in the shop: 4 + 6, and 3 in a new row; not the withdrawn one nor the supply.
    const after = await stock();
    expect(after).toMatchObject({ [stocked.id]: 10, [unstocked.id]: 3 });
    expect(after[withdrawn.id] ?? 0).toBe(0);
    expect(after[supply.id]).toBeUndefined();
    await expect(closeRestockOrder(db(), { actor: admin, orderId, status: "delivered" })).rejects.toEqual(
      new AppError("ORDER_CLOSED"),
    );
    expect(await stock()).toEqual(after);

    // A cancelled order brings nothing.
    const cancelled = await restock("RO-SHOP-2");
    await closeRestockOrder(db(), { actor: admin, orderId: cancelled, status: "cancelled" });
    expect(await stock()).toEqual(after);
  });
});
