/**
 * A production server on a fresh database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set)
 * with one signed-in session per role of the authorization tests: anonymous, the demo client,
 * another client, the demo franchisee (Granby), another franchisee (Sherbrooke) and the admin;
 * plus realistic ids to put in dynamic segments (each client's upcoming booking and its manage
 * token, each franchise's team member).
 */
import crypto from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import * as s from "#db/schema";
import type { Database } from "~/server/db.server";
import { signIn, startServer, type RunningServer } from "./server";
import { bookOpenSlot, seededDatabase, targetDatabase } from "./target-database";

export const PASSWORD = "Demo12345!";

export const ROLES = [
  "anonymous",
  "client",
  "otherClient",
  "franchisee",
  "otherFranchisee",
  "crew",
  "admin",
] as const;
export type Who = (typeof ROLES)[number];

export const EMAILS: Record<Exclude<Who, "anonymous">, string> = {
  client: "client@example.com",
  otherClient: "autre.client@example.com",
  franchisee: "franchisee@example.com",
  otherFranchisee: "sherbrooke@lavageprestige.ca",
  /** The demo crew member of the Granby team (ADR 077). */
  crew: "crew@example.com",
  admin: "admin@example.com",
};

export type Target = { name: "pglite" | "postgres" };
export const targets: Target[] = [
  { name: "pglite" },
  ...(process.env.TEST_DATABASE_URL ? [{ name: "postgres" as const }] : []),
];

export interface Booked {
  appointmentId: string;
  bookingId: string;
  manageToken: string;
}

export interface Ids {
  /** The demo client's Granby booking, 3 hours from the run's start (inside the 24 h cut-off). */
  clientBooking: Booked;
  /** The other client's Sherbrooke booking, 72 hours from the run's start. */
  otherClientBooking: Booked;
  /** A completed booking of the demo client's seeded history. */
  clientPastBookingId: string;
  granbyMember: string;
  sherbrookeMember: string;
  users: Record<Exclude<Who, "anonymous">, string>;
}

export interface RolesFixture {
  server: RunningServer;
  /** Opens the test database (stop the server first for PGlite). */
  open: () => Promise<Database>;
  cookies: Record<Who, string>;
  ids: Ids;
  /** Stops the server and drops the PostgreSQL database. */
  close: () => Promise<void>;
}

async function bookStartingIn(
  db: Database["db"],
  zone: "granby" | "sherbrooke",
  email: string,
  startsInHours: number,
): Promise<Booked> {
  const booked = await bookOpenSlot(db, zone, { email, startsInHours });
  return {
    appointmentId: booked.appointmentId,
    bookingId: booked.bookingId,
    manageToken: booked.manageToken,
  };
}

/** Gives a user a password account (the seeded franchise owners have none). */
async function setPassword(db: Database["db"], userId: string): Promise<void> {
  await db.insert(s.accounts).values({
    id: crypto.randomUUID(),
    accountId: userId,
    providerId: "credential",
    userId,
    password: await hashPassword(PASSWORD),
  });
}

export async function startRolesServer(
  targetOf: Target,
  env: Record<string, string> = {},
  /** Runs on the prepared database before the server starts (e.g. to count rows). */
  beforeStart?: (db: Database["db"]) => Promise<void>,
): Promise<RolesFixture> {
  const serverEnv: Record<string, string> = { ...env };
  const target = await targetDatabase(targetOf.name, serverEnv);
  const { open, drop } = target;
  const ids = await seededDatabase(target, async (db) => {
    const otherClientId = crypto.randomUUID();
    await db.insert(s.users).values({
      id: otherClientId,
      email: EMAILS.otherClient,
      name: "Autre Client",
      firstName: "Autre",
      lastName: "Client",
      role: "client",
      emailVerified: true,
    });
    await setPassword(db, otherClientId);
    const users = {} as Ids["users"];
    for (const who of Object.keys(EMAILS) as (keyof typeof EMAILS)[]) {
      const [row] = await db.select().from(s.users).where(eq(s.users.email, EMAILS[who]));
      if (!row) throw new Error(`no user ${EMAILS[who]}`);
      users[who] = row.id;
    }
    await setPassword(db, users.otherFranchisee);

    const zones = await db.select().from(s.serviceZones);
    const franchiseOf = (slug: string) => zones.find((z) => z.routeSlug === slug)!.franchiseeId!;
    const memberOf = async (franchiseeId: string) =>
      (await db.select().from(s.teamMembers).where(eq(s.teamMembers.franchiseeId, franchiseeId)))[0]!.id;
    const ids: Ids = {
      // Less than 24 h away whatever the day and hour of the run: its owner can no longer
      // cancel it online (409), and it stays scheduled for the rows that follow.
      clientBooking: await bookStartingIn(db, "granby", EMAILS.client, 3),
      otherClientBooking: await bookStartingIn(db, "sherbrooke", EMAILS.otherClient, 72),
      clientPastBookingId: "demohist01",
      granbyMember: await memberOf(franchiseOf("granby")),
      sherbrookeMember: await memberOf(franchiseOf("sherbrooke")),
      users,
    };
    await beforeStart?.(db);
    return ids;
  });

  const server = await startServer(serverEnv);
  const cookies = { anonymous: "" } as Record<Who, string>;
  for (const who of Object.keys(EMAILS) as (keyof typeof EMAILS)[]) {
    cookies[who] = await signIn(server.url, EMAILS[who], PASSWORD);
  }
  return {
    server,
    open,
    cookies,
    ids,
    close: async () => {
      await server.stop();
      await drop();
    },
  };
}

export { readBuiltRoutes, type ManifestRoute } from "../setup/built-routes";
