import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { franchiseApplications, users } from "#db/schema";
import { AdminError } from "~/domain/admin/errors";
import { AppError } from "~/lib/errors";
import type { Db } from "../../db.server";
import { env } from "../../env.server";
import { assertAdmin, type AdminActor } from "./assert-admin.server";

/**
 * Demo mode only (development or DEMO_ACCOUNTS=1, like the test login): a fictitious application
 * for an e-mail, so that the review and approval journey can be tried and tested before real
 * candidates apply. Its signature URL names a file under /files/signatures/ that may not exist.
 */
export async function createDemoApplication(
  db: Db,
  { actor, email, now = new Date() }: { actor: AdminActor; email: string; now?: Date },
): Promise<{ id: string }> {
  assertAdmin(actor);
  if (!env().demoAccounts) throw new AppError("NOT_FOUND");
  const [user] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  const answers = {
    firstName: user?.firstName || "Camille",
    lastName: user?.lastName || "Démo",
    email,
    phone: "450 555-0199",
    phoneCountryCode: "1",
    city: "Magog",
    hasDriversLicense: true,
    vehicleInfo: "Camionnette Ford Transit 2021",
    availabilityHours: "Du lundi au vendredi, de 8 h à 18 h",
    backgroundCheckConsent: true,
    referenceFirstName: "Jean",
    referenceLastName: "Tremblay",
    referencePhone: "819 555-0123",
    hasFunds: true,
    availableFunds: "25 000 $",
    comfortableIndependence: true,
    serviceRadius: "20-40km" as const,
  };
  const name = `signature_demo-${crypto.randomBytes(8).toString("hex")}.png`;
  const rows = await db
    .insert(franchiseApplications)
    .values({
      ...answers,
      userId: user?.id ?? null,
      signatureUrl: `/files/signatures/${name}`,
      signatureSha256: crypto.createHash("sha256").update(name).digest("hex"),
      answersSha256: crypto.createHash("sha256").update(JSON.stringify(answers)).digest("hex"),
      signedAt: now,
      signerIp: "127.0.0.1",
      signerUserAgent: "Démonstration (données fictives)",
    })
    .onConflictDoNothing()
    .returning({ id: franchiseApplications.id });
  if (rows.length === 0) throw new AdminError("EMAIL_TAKEN");
  return { id: rows[0]!.id };
}
