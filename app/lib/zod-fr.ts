import { z } from "zod";
import { messages } from "~/lib/messages.fr";

// Every validation message is French: the catalogue's own texts in the schemas, and Zod's
// Canadian French locale for anything a schema does not name.
z.config(z.locales.frCA());

export { z };

/** True when the text holds no NUL character (U+0000), which PostgreSQL cannot store in text. */
export function hasNoNul(value: string): boolean {
  return !value.includes("\0");
}

/**
 * The same schema, refusing a text with a NUL character with 'Valeur invalide' (or the message
 * given): PostgreSQL answers such a value with an error (22021), which must not become a 500.
 * Every schema's free-text fields go through it.
 */
export function refuseNul<T extends z.ZodType<string, string>>(
  schema: T,
  message: string = messages.validation.invalidValue,
): T {
  return schema.refine(hasNoNul, message);
}

/** A query text (search boxes) with its NUL characters removed: searching never fails on them. */
export function stripNul(value: string): string {
  return value.replaceAll("\0", "");
}

/**
 * Control characters (C0, DEL, C1), zero-width and direction marks, bidirectional embeddings,
 * overrides and isolates: invisible in a name, they let one name pass for another (U+202E turns
 * 'Léa' around) or break a line in a log or an e-mail. No person's name needs one (ADR 071).
 */
const INVISIBLE_OR_CONTROL =
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u;

/** True when the text holds no control, zero-width or bidirectional-control character. */
export function hasNoInvisibleCharacter(value: string): boolean {
  return !INVISIBLE_OR_CONTROL.test(value);
}

/** The same schema of a person's name, refusing control and bidirectional characters in French. */
export function refuseInvisible<T extends z.ZodType<string, string>>(
  schema: T,
  message: string = messages.validation.invisibleCharacter,
): T {
  return schema.refine(hasNoInvisibleCharacter, message);
}
