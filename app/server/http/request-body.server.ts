/**
 * What the JSON routes share before the use case: the method, the body (JSON or a form), the
 * shared schema, each refusal answered in French (docs/conventions.md, 'Input validation and
 * errors'; failures after it: failure.server.ts).
 */
import { data } from "react-router";
import { bookingMessages } from "~/lib/messages/booking.fr";
import { z } from "~/lib/zod-fr";

const b = bookingMessages;

/** Fields sent more than once in a form post (the rest keep their last value). */
const LIST_FIELDS = new Set(["upsells"]);

/**
 * A JSON object body, or a form post as an object (repeated list fields as arrays); null when the
 * body is neither.
 */
export async function readBody(request: Request): Promise<Record<string, unknown> | null> {
  try {
    if ((request.headers.get("content-type") ?? "").includes("application/json")) {
      const body: unknown = await request.json();
      return typeof body === "object" && body !== null && !Array.isArray(body)
        ? (body as Record<string, unknown>)
        : null;
    }
    const form = await request.formData();
    const fields: Record<string, unknown> = {};
    for (const name of new Set(form.keys())) {
      const values = form.getAll(name).filter((value) => typeof value === "string");
      fields[name] = LIST_FIELDS.has(name) ? values : values.at(-1);
    }
    return fields;
  } catch {
    return null;
  }
}

/** 400 with the French error of each field. */
export function invalidFields(error: z.ZodError) {
  return data(
    { success: false, error: b.invalidFields, fields: z.flattenError(error).fieldErrors },
    { status: 400 },
  );
}

/** 400 for a body that is not a JSON object or a form. */
export function invalidRequest() {
  return data({ success: false, error: b.invalidRequest }, { status: 400 });
}

/** 405 for a method the route does not take. */
export function methodNotAllowed(allow: "GET" | "POST") {
  return data(
    { success: false, error: b.methodNotAllowed(allow) },
    { status: 405, headers: { Allow: allow } },
  );
}

type Answer = ReturnType<typeof invalidFields> | ReturnType<typeof invalidRequest>;

/**
 * The steps every booking POST starts with: the method, the body, the shared schema. Gives the
 * parsed input, or the 405 / 400 answer to return as it is.
 */
export async function readPost<S extends z.ZodType>(
  request: Request,
  schema: S,
): Promise<
  | { input: z.output<S>; answer?: never }
  | { input?: never; answer: Answer | ReturnType<typeof methodNotAllowed> }
> {
  if (request.method !== "POST") return { answer: methodNotAllowed("POST") };
  const body = await readBody(request);
  if (!body) return { answer: invalidRequest() };
  const parsed = schema.safeParse(body);
  if (!parsed.success) return { answer: invalidFields(parsed.error) };
  return { input: parsed.data };
}
