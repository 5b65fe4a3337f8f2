/**
 * The customer record's loader and action (issue 33, item 11; ADR 096), shared by the
 * franchisee's page (its own customers) and the admin's (all): they read the request, call the
 * record's services with the staff's scope, and answer with the page's data, a redirect with a
 * toast, or the French error (ADR 083). Out of scope is a 404, as a key that is nobody's.
 */
import crypto from "node:crypto";
import { data, redirect } from "react-router";
import { CustomerNoteSchema, isCustomerKey } from "~/domain/customers/schemas";
import type { CustomerNoteActionData } from "~/domain/customers/record";
import { hasCode } from "~/lib/errors";
import { customersMessages } from "~/lib/messages/customers.fr";
import type { SessionUser } from "../auth.server";
import type { Db } from "../db.server";
import { flashHeaders } from "../flash.server";
import {
  addCustomerNote,
  editCustomerNote,
  loadCustomerRecord,
  type CustomerScope,
} from "../services/customers/customer-record.server";
import { failureOf } from "./failure.server";

const t = customersMessages;
const notFound = () => data(t.notFound, { status: 404 });

export async function customerRecordLoader(db: Db, scope: CustomerScope, key: string | undefined) {
  if (!isCustomerKey(key)) throw notFound();
  try {
    const record = await loadCustomerRecord(db, { scope, key });
    // The id of the next note, made now: the same form sent twice adds one note.
    return { record, newNoteId: crypto.randomUUID() };
  } catch (error) {
    if (hasCode(error, "NOT_FOUND")) throw notFound();
    throw error;
  }
}

export async function customerRecordAction(
  db: Db,
  scope: CustomerScope,
  user: SessionUser,
  request: Request,
  key: string | undefined,
  pagePath: string,
) {
  if (!isCustomerKey(key)) throw notFound();
  const form = Object.fromEntries(await request.formData());
  const text = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : "");
  const fail = (status: number, error: string) =>
    data<CustomerNoteActionData>(
      { intent: text("intent"), noteId: text("noteId"), error, body: text("body") },
      { status },
    );
  const parsed = CustomerNoteSchema.safeParse(form);
  if (!parsed.success) return fail(400, parsed.error.issues[0]?.message ?? t.noteError);
  const author = { userId: user.id, name: user.name };
  const input = { scope, key, author, noteId: parsed.data.noteId, body: parsed.data.body };
  try {
    if (parsed.data.intent === "add-note") await addCustomerNote(db, input);
    else await editCustomerNote(db, input);
  } catch (error) {
    if (hasCode(error, "NOT_FOUND") && parsed.data.intent === "add-note") throw notFound();
    const failure = failureOf(error, { NOT_FOUND: t.noteNotFound, UNKNOWN: t.noteError });
    return fail(failure.status, failure.message);
  }
  throw redirect(pagePath, {
    headers: await flashHeaders({ title: parsed.data.intent === "add-note" ? t.noteAdded : t.noteSaved }),
  });
}
