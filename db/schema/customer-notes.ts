import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, updatedAt } from "./columns";
import { franchisees } from "./network";

/**
 * A private note on a customer (issue 33, item 11; ADR 096), who is known by their e-mail address
 * (lower case) as on the clients list. A franchisee's note (`franchisee_id` set) is read by that
 * franchisee, its crew on the customer's stops and the admin; head office's note (`franchisee_id`
 * null) by the admin and every franchisee and crew serving the customer. Never shown to the customer.
 */
export const customerNotes = pgTable(
  "customer_notes",
  {
    /** Made when the form is shown: the same form sent twice adds one note. */
    id: uuid("id").primaryKey(),
    franchiseeId: uuid("franchisee_id").references(() => franchisees.id, { onDelete: "cascade" }),
    customerEmail: text("customer_email").notNull(),
    body: text("body").notNull(),
    authorUserId: text("author_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The author's name when written: kept if the account goes. */
    authorName: text("author_name").notNull(),
    editedByName: text("edited_by_name"),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("customer_notes_email_lower", sql`${t.customerEmail} = lower(${t.customerEmail})`),
    check("customer_notes_body", sql`char_length(${t.body}) between 1 and 1000`),
    index("customer_notes_customer_idx").on(t.customerEmail, t.createdAt),
  ],
);
