import { pgTable, text } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, updatedAt } from "./columns";

/**
 * The private calendar feed of one account (ADR 082): a crew member's own appointments, or all
 * of a franchisee's, as an iCalendar subscription. The link's token is stored as its SHA-256
 * (looked up by it) and sealed with the server secret (shown again to its owner only). Renewing
 * replaces both: the old link answers 404 at once. `updated_at` is when the link was made.
 */
export const calendarFeeds = pgTable("calendar_feeds", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** SHA-256 hex of the link's token. */
  tokenHash: text("token_hash").notNull().unique(),
  /** The token, AES-256-GCM sealed with a key derived from the server secret. */
  sealedToken: text("sealed_token").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
