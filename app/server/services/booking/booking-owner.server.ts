import { and, eq, sql } from "drizzle-orm";
import { users } from "#db/schema";
import type { SessionUser } from "../../auth.server";
import type { Db } from "../../db.server";
import { preparedOnce } from "../../db-statements.server";

// Whose booking it is: the signed-in client, else the verified client account of the e-mail
// typed (ADR 025), read by one prepared statement (ADR 054).

/** The verified client account of an e-mail (lower case), built and named once (ADR 054). */
const clientAccountOf = preparedOnce((db) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = ${sql.placeholder("email")}`,
        eq(users.role, "client"),
        // Only a verified address proves the account owns it (ADR 025): otherwise anyone could
        // sign up with a customer's e-mail and read their bookings.
        eq(users.emailVerified, true),
      ),
    )
    .prepare("booking_client_account_of"),
);

/** The client account the booking belongs to: the signed-in client, else the account of that e-mail. */
export async function ownerOf(db: Db, actor: SessionUser | null, email: string): Promise<string | null> {
  if (actor?.role === "client") return actor.id;
  const [account] = await clientAccountOf(db).execute({ email: email.toLowerCase() });
  return account?.id ?? null;
}
