import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { seed } from "~/server/seed/seed";
import { SIGNATURE_CHECKLIST } from "~/server/seed/seed-data";
import { rejection } from "../../../../tests/factories/bookings";
import { describeDatabases } from "../../../../tests/setup/db";
import {
  archiveChecklistStep,
  loadChecklist,
  moveChecklistStep,
  saveChecklistStep,
} from "./manage-checklists.server";

describeDatabases("the admin's checklists (ADR 088)", ({ db }) => {
  let admin: { id: string; role: "admin" };
  let serviceId: string;

  beforeAll(async () => {
    await seed(db(), { demoAccounts: true });
    const [row] = await db().select().from(s.users).where(eq(s.users.email, "admin@example.com"));
    admin = { id: row!.id, role: "admin" };
    const [service] = await db().select().from(s.services).where(eq(s.services.slug, "lavage-signature"));
    serviceId = service!.id;
  });

  it("adds, edits, orders and retires steps; a retired step never comes back with the seed", async () => {
    const seeded = await loadChecklist(db(), { actor: admin, serviceId });
    expect(seeded.steps.map((step) => step.label)).toEqual(SIGNATURE_CHECKLIST.map((step) => step.label));

    await saveChecklistStep(db(), { actor: admin, serviceId, label: "Pneus lustrés", required: false });
    let { steps } = await loadChecklist(db(), { actor: admin, serviceId });
    const added = steps.at(-1)!;
    expect(added).toMatchObject({ label: "Pneus lustrés", required: false });

    await saveChecklistStep(db(), {
      actor: admin,
      serviceId,
      stepId: added.id,
      label: "Pneus lustrés",
      required: true,
    });
    await moveChecklistStep(db(), { actor: admin, serviceId, stepId: added.id, direction: "up" });
    ({ steps } = await loadChecklist(db(), { actor: admin, serviceId }));
    expect(steps.at(-2)).toMatchObject({ id: added.id, required: true });

    const first = steps[0]!;
    await archiveChecklistStep(db(), { actor: admin, serviceId, stepId: first.id });
    await seed(db(), { demoAccounts: true });
    ({ steps } = await loadChecklist(db(), { actor: admin, serviceId }));
    expect(steps.map((step) => step.id)).not.toContain(first.id);
    expect(steps).toHaveLength(SIGNATURE_CHECKLIST.length);
    // A retired step cannot be edited or retired again.
    expect(
      await rejection(archiveChecklistStep(db(), { actor: admin, serviceId, stepId: first.id })),
    ).toMatchObject({ code: "NOT_FOUND" });
  });

  it("is the admin's only", async () => {
    expect(
      await rejection(
        loadChecklist(db(), { actor: { id: admin.id, role: "franchisee" } as never, serviceId }),
      ),
    ).toMatchObject({ code: "FORBIDDEN" });
    expect(
      await rejection(
        saveChecklistStep(db(), {
          actor: { id: admin.id, role: "crew" } as never,
          serviceId,
          label: "X",
          required: true,
        }),
      ),
    ).toMatchObject({ code: "FORBIDDEN" });
  });
});
