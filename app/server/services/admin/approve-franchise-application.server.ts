import crypto from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { accounts, franchiseApplications, franchisees, serviceZones, users } from "#db/schema";
import { AppError } from "~/lib/errors";
import { canMoveApplication } from "~/domain/admin/transitions";
import { asInvitation } from "../auth/reset-tokens.server";
import { getAuth } from "../../auth.server";
import type { Db } from "../../db.server";
import { queueWaitlistCheck } from "../waitlist/notify-waitlist.server";
import { logApplicationChange } from "./application-trail.server";
import { assertAdmin, type AdminActor } from "./assert-admin.server";
import { log } from "../../log.server";
import { withSlotChange } from "../booking/slot-change.server";

export interface ApprovalResult {
  email: string;
  userId: string;
  franchiseeId: string;
  /** True when no account existed for the e-mail: one was created with an unusable password. */
  accountCreated: boolean;
  /** For a created account: whether the 'choose your password' e-mail was handed to better-auth. */
  passwordLinkSent: boolean;
}

/**
 * Approves a franchise application in one transaction (ADR 023): the user of the application's
 * e-mail becomes a franchisee (created when missing, with a random password nobody knows), gets
 * a franchisees row, and the chosen zones are attached to it and made active. After the commit,
 * a created account is sent better-auth's reset-password link to choose a password.
 */
export async function approveFranchiseApplication(
  db: Db,
  {
    actor,
    applicationId,
    zoneIds,
    now = new Date(),
    sendPasswordLink = requestPasswordLink,
  }: {
    actor: AdminActor;
    applicationId: string;
    zoneIds: readonly string[];
    now?: Date;
    sendPasswordLink?: (email: string) => Promise<boolean>;
  },
): Promise<ApprovalResult> {
  assertAdmin(actor);
  // Hashing is slow (scrypt): done before the transaction, used only if an account is created.
  const unusablePassword = await hashPassword(crypto.randomBytes(48).toString("base64url"));

  const result = await withSlotChange(db, async (tx) => {
    const [application] = await tx
      .select()
      .from(franchiseApplications)
      .where(eq(franchiseApplications.id, applicationId))
      .for("update");
    if (!application) throw new AppError("NOT_FOUND");
    if (!canMoveApplication(application.status, "approved")) throw new AppError("TRANSITION");
    // The applicant proved the address by the link e-mailed to it (ADR 043): without that, an
    // application in someone else's name could hand out a franchisee account.
    if (!application.emailVerifiedAt) throw new AppError("EMAIL_UNVERIFIED");
    const email = application.email.trim().toLowerCase();

    const [existing] = await tx
      .select({ id: users.id, role: users.role, emailVerified: users.emailVerified })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)
      .for("update");
    if (existing?.role === "admin") throw new AppError("ADMIN_ACCOUNT");
    // An account that never proved this address may be someone else's: it is not upgraded.
    if (existing && !existing.emailVerified) throw new AppError("ACCOUNT_UNVERIFIED");

    let userId: string;
    if (existing) {
      userId = existing.id;
      await tx.update(users).set({ role: "franchisee", updatedAt: now }).where(eq(users.id, userId));
    } else {
      userId = crypto.randomUUID();
      await tx.insert(users).values({
        id: userId,
        email,
        name: `${application.firstName} ${application.lastName}`,
        firstName: application.firstName,
        lastName: application.lastName,
        phone: application.phone,
        role: "franchisee",
        // The applicant confirmed this address through the application's link.
        emailVerified: true,
      });
      await tx.insert(accounts).values({
        id: crypto.randomUUID(),
        accountId: userId,
        providerId: "credential",
        userId,
        password: unusablePassword,
      });
    }

    const [franchisee] = await tx
      .insert(franchisees)
      .values({
        userId,
        businessName: `${application.firstName} ${application.lastName}`,
        phone: application.phone,
        email,
      })
      .onConflictDoUpdate({ target: franchisees.userId, set: { isActive: true, updatedAt: now } })
      .returning({ id: franchisees.id });
    const franchiseeId = franchisee!.id;

    if (zoneIds.length > 0) {
      const zones = await tx
        .select({ id: serviceZones.id, franchiseeId: serviceZones.franchiseeId })
        .from(serviceZones)
        .where(inArray(serviceZones.id, [...zoneIds]))
        .for("update");
      if (zones.length !== zoneIds.length) throw new AppError("ZONE_NOT_FOUND");
      if (zones.some((zone) => zone.franchiseeId !== null && zone.franchiseeId !== franchiseeId)) {
        throw new AppError("ZONE_TAKEN");
      }
      await tx
        .update(serviceZones)
        .set({ franchiseeId, status: "active", updatedAt: now })
        .where(and(inArray(serviceZones.id, [...zoneIds])));
      // Zones that open change the slot lists that apps poll, and may serve the waiting list.
      await queueWaitlistCheck(tx);
    }

    await tx
      .update(franchiseApplications)
      .set({ status: "approved", userId, reviewedBy: actor.id, reviewedAt: now })
      .where(eq(franchiseApplications.id, applicationId));
    await logApplicationChange(tx, {
      applicationId,
      from: application.status,
      to: "approved",
      actor,
      now,
    });

    return { email, userId, franchiseeId, accountCreated: !existing };
  });

  const passwordLinkSent = result.accountCreated ? await sendPasswordLink(result.email) : false;
  return { ...result, passwordLinkSent };
}

/**
 * Asks better-auth to e-mail a 'choose your password' link (its reset-password flow, landing
 * on /auth/reset-password). Without `emailAndPassword.sendResetPassword` configured, better-auth
 * refuses: that is logged, not fatal; the franchisee can still use 'forgot password' later.
 */
export async function requestPasswordLink(email: string): Promise<boolean> {
  try {
    // The invitation's wording and life are the server's choice (ADR 042), never a caller's.
    await asInvitation(() =>
      getAuth().api.requestPasswordReset({
        body: { email, redirectTo: "/auth/reset-password?welcome=1" },
      }),
    );
    return true;
  } catch (error) {
    log.warn("Franchisé approuvé : le lien pour choisir le mot de passe n'a pas pu être envoyé.", {
      email,
      err: error,
    });
    return false;
  }
}
