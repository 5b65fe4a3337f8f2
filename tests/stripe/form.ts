/** A nested value of a form body as Stripe's SDK encodes it (`a[b][0][c]=1`). */
export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

/**
 * Parses `application/x-www-form-urlencoded` with bracketed keys into objects and arrays, the
 * encoding of every POST of the SDK (`line_items[0][price_data][unit_amount]=5000`).
 */
export function parseStripeForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: FormObject | FormValue[] = root;
    path.forEach((part, index) => {
      const last = index === path.length - 1;
      const slot = Array.isArray(node) ? Number(part) : part;
      const holder = node as Record<string | number, FormValue>;
      if (last) {
        holder[slot] = value;
        return;
      }
      holder[slot] ??= /^\d+$/.test(path[index + 1]!) ? [] : {};
      node = holder[slot] as FormObject | FormValue[];
    });
  }
  return root;
}

/** The field at `path` as a string, or undefined. */
export function field(form: FormObject, ...path: string[]): string | undefined {
  let node: FormValue | undefined = form;
  for (const part of path) {
    if (node === undefined || typeof node === "string") return undefined;
    node = Array.isArray(node) ? node[Number(part)] : node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** The field at `path` as an integer, or undefined. */
export function integerField(form: FormObject, ...path: string[]): number | undefined {
  const text = field(form, ...path);
  return text === undefined ? undefined : Number.parseInt(text, 10);
}

/** A metadata object: string values only. */
export function metadataField(form: FormObject, ...path: string[]): Record<string, string> {
  let node: FormValue | undefined = form;
  for (const part of path)
    node = node && typeof node === "object" && !Array.isArray(node) ? node[part] : undefined;
  if (!node || typeof node !== "object" || Array.isArray(node)) return {};
  return Object.fromEntries(
    Object.entries(node).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}
