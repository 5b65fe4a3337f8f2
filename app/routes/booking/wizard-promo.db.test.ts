import { beforeAll, expect, it } from "vitest";
import { seed } from "~/server/seed/seed";
import * as s from "#db/schema";
import type { Db } from "~/server/db.server";
import { FRIDAY_MORNING as NOW } from "../../../tests/factories/bookings";
import { describeDatabases } from "../../../tests/setup/db";
import { checkPromoFromForm } from "./wizard-promo.server";

async function makeCode(db: Db, values: Partial<typeof s.promoCodes.$inferInsert> & { code: string }) {
  const [row] = await db
    .insert(s.promoCodes)
    .values({ kind: "percent", value: 10, ...values })
    .returning();
  return row!;
}

describeDatabases("the wizard's 'Appliquer' (ADR 050)", ({ db }) => {
  beforeAll(async () => {
    await seed(db(), { demoAccounts: true });
  });

  let ipCount = 0;
  /** 'Appliquer' with `code`, from one address per test unless `ip` says otherwise. */
  async function apply(code: string, { cars = 1, ip }: { cars?: number; ip?: string } = {}) {
    const form = new FormData();
    for (const [name, value] of Object.entries({ zone: "granby", cars: String(cars), promoCode: code })) {
      form.set(name, value);
    }
    const answer = await checkPromoFromForm(db(), form, ip ?? `192.0.2.${++ipCount}`);
    const result = answer.data.result as { error?: Record<string, string[] | null> } | undefined;
    return { status: answer.init?.status, error: result?.error?.promoCode?.[0] ?? null };
  }

  it("one refusal text for an unknown, expired, used-up or inactive code; plain words for the booking's shape", async () => {
    await makeCode(db(), { code: "PASSE", endsAt: new Date(NOW.getTime() - 1000) });
    await makeCode(db(), { code: "EPUISE", maxUses: 3, usesCount: 3 });
    await makeCode(db(), { code: "ARRETE", isActive: false });
    await makeCode(db(), { code: "DEUXAUTOS", minCars: 2 });
    const unknown = await apply("NEXISTEPAS");
    expect(unknown).toEqual({
      status: 422,
      error:
        "Ce code promo ne s'applique pas à cette réservation. Vérifiez l'orthographe ou réservez sans code.",
    });
    for (const code of ["PASSE", "EPUISE", "ARRETE"]) expect(await apply(code), code).toEqual(unknown);
    // A code in force that this booking does not meet: it says what to change.
    expect(await apply("DEUXAUTOS")).toEqual({
      status: 422,
      error: "Ce code promo demande plus de véhicules pour cette réservation.",
    });
    expect(await apply("DEUXAUTOS", { cars: 2 })).toMatchObject({ status: 200, error: null });
  });

  it("is rate-limited per address: the 11th code in ten minutes is refused, another address is not", async () => {
    const ip = "192.0.2.250";
    for (let i = 0; i < 10; i++) expect((await apply(`ESSAI${i}`, { ip })).status).toBe(422);
    expect(await apply("ESSAI10", { ip })).toEqual({
      status: 429,
      error: "Trop d'essais de codes promo en peu de temps. Réessayez dans quelques minutes.",
    });
    expect((await apply("ESSAI11")).status).toBe(422);
  });
});
