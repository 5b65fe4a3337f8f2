import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema";
import { seed } from "~/server/seed/seed";
import { AppError } from "~/lib/errors";
import type { Db } from "~/server/db.server";
import { describeDatabases } from "../../../../tests/setup/db";
import { loggedLines } from "../../../../tests/setup/unit";
import { getApplication } from "./application-trail.server";
import { approveFranchiseApplication } from "./approve-franchise-application.server";
import { listApplications } from "./list-applications.server";
import { setApplicationStatus } from "./set-application-status.server";

const NOW = new Date("2026-11-20T15:00:00Z");

async function createUser(db: Db, email: string, role: string, emailVerified = true): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .insert(s.users)
    .values({ id, email, name: "Test", firstName: "Test", lastName: "User", role, emailVerified });
  return id;
}

async function createApplication(db: Db, email: string, emailVerified = true): Promise<string> {
  const [row] = await db
    .insert(s.franchiseApplications)
    .values({
      firstName: "Alexis",
      lastName: "Gagnon",
      email,
      phone: "450 555-0101",
      city: "Trois-Rivières",
      hasDriversLicense: true,
      vehicleInfo: "Camionnette",
      availabilityHours: "Semaine",
      backgroundCheckConsent: true,
      signatureUrl: "/files/signatures/signature_test.png",
      signatureSha256: "a".repeat(64),
      answersSha256: "b".repeat(64),
      signedAt: NOW,
      signerIp: "203.0.113.9",
      signerUserAgent: "Mozilla/5.0 test",
      emailVerifiedAt: emailVerified ? NOW : null,
    })
    .returning({ id: s.franchiseApplications.id });
  return row!.id;
}

async function zoneId(db: Db, slug: string): Promise<string> {
  const [zone] = await db.select().from(s.serviceZones).where(eq(s.serviceZones.routeSlug, slug));
  return zone!.id;
}

describeDatabases("approving a franchise application", ({ db }) => {
  let admin: { id: string; role: "admin" };
  const sent: string[] = [];
  const sendPasswordLink = async (email: string) => {
    sent.push(email);
    return true;
  };

  beforeAll(async () => {
    await seed(db(), { demoAccounts: false });
    admin = { id: await createUser(db(), "owner@example.com", "admin"), role: "admin" };
  });

  it("upgrades an existing client account, creates the franchisee and activates its zones", async () => {
    const userId = await createUser(db(), "Alexis.Client@example.com", "client");
    const applicationId = await createApplication(db(), "alexis.client@example.com");
    const troisRivieres = await zoneId(db(), "trois-rivieres");

    const result = await approveFranchiseApplication(db(), {
      actor: admin,
      applicationId,
      zoneIds: [troisRivieres],
      now: NOW,
      sendPasswordLink,
    });
    expect(result).toMatchObject({ userId, accountCreated: false, passwordLinkSent: false });
    expect(sent).toEqual([]);

    const [user] = await db().select().from(s.users).where(eq(s.users.id, userId));
    expect(user!.role).toBe("franchisee");
    const [franchisee] = await db().select().from(s.franchisees).where(eq(s.franchisees.userId, userId));
    expect(franchisee).toMatchObject({
      id: result.franchiseeId,
      businessName: "Alexis Gagnon",
      isActive: true,
    });
    const [zone] = await db().select().from(s.serviceZones).where(eq(s.serviceZones.id, troisRivieres));
    expect(zone).toMatchObject({ franchiseeId: result.franchiseeId, status: "active" });
    const [application] = await db()
      .select()
      .from(s.franchiseApplications)
      .where(eq(s.franchiseApplications.id, applicationId));
    expect(application).toMatchObject({ status: "approved", userId, reviewedBy: admin.id });
    expect(application!.reviewedAt?.toISOString()).toBe(NOW.toISOString());
  });

  it("creates an account with an unusable password for an unknown e-mail, then asks for the password link", async () => {
    const applicationId = await createApplication(db(), "nouveau.partenaire@example.com");
    const result = await approveFranchiseApplication(db(), {
      actor: admin,
      applicationId,
      zoneIds: [],
      now: NOW,
      sendPasswordLink,
    });
    expect(result).toMatchObject({ accountCreated: true, passwordLinkSent: true });
    expect(sent).toEqual(["nouveau.partenaire@example.com"]);
    const [user] = await db().select().from(s.users).where(eq(s.users.id, result.userId));
    expect(user).toMatchObject({
      email: "nouveau.partenaire@example.com",
      role: "franchisee",
      firstName: "Alexis",
    });
    const [account] = await db().select().from(s.accounts).where(eq(s.accounts.userId, result.userId));
    expect(account).toMatchObject({ providerId: "credential", accountId: result.userId });
    expect(account!.password).toMatch(/^[0-9a-f]+:[0-9a-f]+$/);
  });

  it("changes nothing when a chosen zone belongs to another franchisee", async () => {
    const userId = await createUser(db(), "pris@example.com", "client");
    const applicationId = await createApplication(db(), "pris@example.com");
    const granby = await zoneId(db(), "granby");
    const [before] = await db().select().from(s.serviceZones).where(eq(s.serviceZones.id, granby));

    await expect(
      approveFranchiseApplication(db(), {
        actor: admin,
        applicationId,
        zoneIds: [granby],
        now: NOW,
        sendPasswordLink,
      }),
    ).rejects.toEqual(new AppError("ZONE_TAKEN"));

    const [user] = await db().select().from(s.users).where(eq(s.users.id, userId));
    expect(user!.role).toBe("client");
    expect(await db().select().from(s.franchisees).where(eq(s.franchisees.userId, userId))).toEqual([]);
    const [after] = await db().select().from(s.serviceZones).where(eq(s.serviceZones.id, granby));
    expect(after!.franchiseeId).toBe(before!.franchiseeId);
    const [application] = await db()
      .select({ status: s.franchiseApplications.status })
      .from(s.franchiseApplications)
      .where(eq(s.franchiseApplications.id, applicationId));
    expect(application!.status).toBe("submitted");
  });

  it("refuses an admin's e-mail, a second approval, and any actor but an admin", async () => {
    const ownerApplication = await createApplication(db(), "OWNER@example.com");
    await expect(
      approveFranchiseApplication(db(), {
        actor: admin,
        applicationId: ownerApplication,
        zoneIds: [],
        sendPasswordLink,
      }),
    ).rejects.toEqual(new AppError("ADMIN_ACCOUNT"));

    const applicationId = await createApplication(db(), "deux-fois@example.com");
    await approveFranchiseApplication(db(), { actor: admin, applicationId, zoneIds: [], sendPasswordLink });
    await expect(
      approveFranchiseApplication(db(), { actor: admin, applicationId, zoneIds: [], sendPasswordLink }),
    ).rejects.toEqual(new AppError("TRANSITION"));

    const other = await createApplication(db(), "interdit@example.com");
    for (const role of ["client", "franchisee"] as const) {
      await expect(
        approveFranchiseApplication(db(), {
          actor: { id: admin.id, role },
          applicationId: other,
          zoneIds: [],
          sendPasswordLink,
        }),
      ).rejects.toEqual(new AppError("FORBIDDEN"));
    }
    const [count] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(s.users)
      .where(eq(s.users.email, "interdit@example.com"));
    expect(count!.n).toBe(0);
  });

  it("refuses until the applicant confirmed the address, and never upgrades an account that did not", async () => {
    const pending = await createApplication(db(), "pas.confirme@example.com", false);
    await expect(
      approveFranchiseApplication(db(), {
        actor: admin,
        applicationId: pending,
        zoneIds: [],
        sendPasswordLink,
      }),
    ).rejects.toEqual(new AppError("EMAIL_UNVERIFIED"));
    expect(await db().select().from(s.users).where(eq(s.users.email, "pas.confirme@example.com"))).toEqual(
      [],
    );

    // Someone signed up with the applicant's address without proving it: that account stays a client.
    const squatter = await createUser(db(), "vrai.candidat@example.com", "client", false);
    const confirmed = await createApplication(db(), "vrai.candidat@example.com");
    await expect(
      approveFranchiseApplication(db(), {
        actor: admin,
        applicationId: confirmed,
        zoneIds: [],
        sendPasswordLink,
      }),
    ).rejects.toEqual(new AppError("ACCOUNT_UNVERIFIED"));
    const [user] = await db().select().from(s.users).where(eq(s.users.id, squatter));
    expect(user!.role).toBe("client");
    expect(await db().select().from(s.franchisees).where(eq(s.franchisees.userId, squatter))).toEqual([]);
  });

  it("moves applications through review and rejection, and lists them with their audit trail", async () => {
    const applicationId = await createApplication(db(), "pipeline@example.com");
    await setApplicationStatus(db(), { actor: admin, applicationId, status: "reviewing", now: NOW });
    // A refusal needs its reason: without one nothing changes (ADR 056).
    await expect(
      setApplicationStatus(db(), { actor: admin, applicationId, status: "rejected", reason: "  ", now: NOW }),
    ).rejects.toEqual(new AppError("REASON_REQUIRED"));
    const later = new Date(NOW.getTime() + 60_000);
    await setApplicationStatus(db(), {
      actor: admin,
      applicationId,
      status: "rejected",
      reason: "Financement insuffisant pour démarrer — revenir dans un an",
      now: later,
    });
    await expect(
      setApplicationStatus(db(), { actor: admin, applicationId, status: "rejected", reason: "x", now: NOW }),
    ).rejects.toEqual(new AppError("TRANSITION"));
    const last = new Date(NOW.getTime() + 120_000);
    await setApplicationStatus(db(), { actor: admin, applicationId, status: "reviewing", now: last });

    const listed = (await listApplications(db(), { actor: admin })).find((a) => a.id === applicationId);
    expect(listed).toMatchObject({
      status: "reviewing",
      reviewerName: "Test",
      signatureUrl: "/files/signatures/signature_test.png",
      signerIp: "203.0.113.9",
      signatureSha256: "a".repeat(64),
    });

    // The page's trail: every move, oldest first, with who, when and the refusal's reason.
    const { application, trail } = await getApplication(db(), { actor: admin, applicationId });
    expect(application.status).toBe("reviewing");
    expect(
      trail.map(({ fromStatus, toStatus, actorName, reason, createdAt }) => ({
        fromStatus,
        toStatus,
        actorName,
        reason,
        at: createdAt.toISOString(),
      })),
    ).toEqual([
      {
        fromStatus: "submitted",
        toStatus: "reviewing",
        actorName: "Test",
        reason: "",
        at: NOW.toISOString(),
      },
      {
        fromStatus: "reviewing",
        toStatus: "rejected",
        actorName: "Test",
        reason: "Financement insuffisant pour démarrer — revenir dans un an",
        at: later.toISOString(),
      },
      {
        fromStatus: "rejected",
        toStatus: "reviewing",
        actorName: "Test",
        reason: "",
        at: last.toISOString(),
      },
    ]);
  });

  it("records the approval in the trail, and shows an application to the admin only", async () => {
    const applicationId = await createApplication(db(), "trail-approved@example.com");
    await approveFranchiseApplication(db(), {
      actor: admin,
      applicationId,
      zoneIds: [],
      now: NOW,
      sendPasswordLink,
    });
    const { trail } = await getApplication(db(), { actor: admin, applicationId });
    expect(trail).toMatchObject([{ fromStatus: "submitted", toStatus: "approved", actorName: "Test" }]);
    await expect(
      getApplication(db(), { actor: { id: admin.id, role: "franchisee" }, applicationId }),
    ).rejects.toBeInstanceOf(AppError);
    await expect(getApplication(db(), { actor: admin, applicationId: crypto.randomUUID() })).rejects.toEqual(
      new AppError("NOT_FOUND"),
    );
  });
});

describe("the password link without better-auth configured", () => {
  it("is logged and answers false instead of failing the approval", async () => {
    const { requestPasswordLink } = await import("./approve-franchise-application.server");
    expect(await requestPasswordLink("x@example.com")).toBe(false);
    expect(loggedLines("warn")).toHaveLength(1);
    expect(JSON.stringify(loggedLines())).not.toContain("x@example.com");
  });
});
