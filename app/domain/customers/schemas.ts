import { z } from "~/lib/zod-fr";
import { stripNul } from "~/lib/zod-fr";

/** A private note's length (ADR 096): a few lines the crew reads on the stop. */
export const CUSTOMER_NOTE_MAX = 1000;

/** A customer's key in a URL (ADR 096): the first 32 hex digits of the SHA-256 of the e-mail, lower case. */
export const CUSTOMER_KEY = /^[0-9a-f]{32}$/;

export function isCustomerKey(value: string | undefined): value is string {
  return typeof value === "string" && CUSTOMER_KEY.test(value);
}

const noteBody = z.preprocess(
  (v) => (typeof v === "string" ? stripNul(v).trim() : v),
  z
    .string({ error: "Écrivez la note." })
    .min(1, { error: "Écrivez la note." })
    .max(CUSTOMER_NOTE_MAX, { error: `La note tient en ${CUSTOMER_NOTE_MAX} caractères au plus.` }),
);

/** The customer page's forms (add a note, edit one), shared by the form and the server action. */
export const CustomerNoteSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add-note"), noteId: z.uuid(), body: noteBody }),
  z.object({ intent: z.literal("edit-note"), noteId: z.uuid(), body: noteBody }),
]);
