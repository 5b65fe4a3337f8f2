import { eq } from "drizzle-orm";
import { contactMessages } from "#db/schema";
import type { Db } from "../../db.server";

/** What a stored contact message says, as the webhook and the e-mail pass it on; none if gone. */
export async function loadContactMessage(db: Db, messageId: string) {
  const [message] = await db
    .select({
      name: contactMessages.name,
      email: contactMessages.email,
      phone: contactMessages.phone,
      message: contactMessages.message,
    })
    .from(contactMessages)
    .where(eq(contactMessages.id, messageId));
  return message;
}
