import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema";
import { franchiseeMessages } from "~/lib/messages/franchisee.fr";
import type { Database } from "~/server/db.server";
import { databaseKinds } from "../../../tests/setup/db";
import { answered, routeArgs, routeDatabase, sessionCookie, thrown } from "../../../tests/setup/routes";
import { customerAppointment, franchiseOf } from "../../../tests/factories/customers";
import { action, loader } from "./schedule";

const t = franchiseeMessages.schedule;

// The franchisee's schedule, loader and actions called in process (ADR 111): what a browser would
// add here is nothing the server decides. A Monday well ahead, whatever today is.
const MONDAY = "2031-03-03";
const at = (time: string) => new Date(`${MONDAY}T${time}:00-05:00`);

for (const kind of databaseKinds) {
  describe(`the franchisee's schedule, in process [${kind}]`, () => {
    let database: Database;
    let franchisee: string;
    let client: string;
    let own: string;
    let other: string;
    beforeAll(async () => {
      database = await routeDatabase(kind);
      const db = database.db;
      const [service] = await db.select().from(s.services).where(eq(s.services.isActive, true));
      const granby = await franchiseOf(db, "granby");
      const sherbrooke = await franchiseOf(db, "sherbrooke");
      const booked = { serviceId: service!.id, status: "scheduled" as const };
      own = (
        await customerAppointment(db, granby, {
          ...booked,
          email: "lea@example.com",
          name: "Léa Granby",
          startAt: at("09:00"),
        })
      ).id;
      other = (
        await customerAppointment(db, sherbrooke, {
          ...booked,
          email: "noe@example.com",
          name: "Noé Sherbrooke",
          startAt: at("10:00"),
        })
      ).id;
      [franchisee, client] = await Promise.all([
        sessionCookie("franchisee@example.com"),
        sessionCookie("client@example.com"),
      ]);
    });
    afterAll(async () => {
      await database?.close();
    });

    it("lists the week of its own franchise only, with its team as columns", async () => {
      const week = await loader(
        routeArgs(`/franchisee/schedule?date=${MONDAY}`, { cookie: franchisee }) as never,
      );
      expect(week.view).toBe("week");
      expect(week.days[0]).toBe(MONDAY);
      const names = week.appointments.map((a) => a.customerName);
      expect(names).toContain("Léa Granby");
      expect(names).not.toContain("Noé Sherbrooke");
      expect(week.team.length).toBeGreaterThan(0);
    });

    it("sends a signed-out visitor to sign in and back, and a client home", async () => {
      const path = `/franchisee/schedule?date=${MONDAY}`;
      expect(await thrown(loader(routeArgs(path) as never))).toMatchObject({
        status: 302,
        location: `/auth?redirectTo=${encodeURIComponent(path)}`,
      });
      expect(await thrown(loader(routeArgs(path, { cookie: client }) as never))).toMatchObject({
        status: 302,
        location: "/",
      });
    });

    it("refuses, in French, to cancel another franchise's appointment or one without a reason", async () => {
      const cancel = (appointmentId: string, reason: string) =>
        action(
          routeArgs("/franchisee/schedule", {
            cookie: franchisee,
            form: { intent: "cancel", appointmentId, reason },
          }) as never,
        );
      expect(answered(await cancel(other, "Client absent"))).toMatchObject({
        status: 404,
        data: { ok: false, error: t.notFound },
      });
      expect(answered(await cancel(own, ""))).toMatchObject({
        status: 400,
        data: { ok: false, error: t.cancelReasonRequired },
      });
      const [row] = await database.db.select().from(s.appointments).where(eq(s.appointments.id, other));
      expect(row!.status).toBe("scheduled");
    });
  });
}
