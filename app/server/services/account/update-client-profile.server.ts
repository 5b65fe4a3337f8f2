import { eq } from "drizzle-orm";
import { users } from "#db/schema";
import type { Profile } from "~/domain/loyalty/schemas";
import type { Db } from "../../db.server";

/** Saves the signed-in client's own name and phone (the session decides whose: no id from the form). */
export async function updateClientProfile(
  db: Db,
  { userId, input, now = new Date() }: { userId: string; input: Profile; now?: Date },
): Promise<void> {
  await db
    .update(users)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      name: `${input.firstName} ${input.lastName}`,
      phone: input.phone,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}
