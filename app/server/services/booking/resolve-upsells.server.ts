import { asc, eq } from "drizzle-orm";
import { upsellOptions } from "#db/schema";
import { AppError } from "~/lib/errors";
import type { Db, Tx } from "../../db.server";

interface ChosenUpsell {
  id: string;
  name: string;
  priceCents: number;
}

/**
 * Active upsell options by name or slug (case and surrounding spaces ignored), each once, in
 * catalogue order. An unknown name is refused (UNKNOWN_UPSELL, message = the unknown names):
 * a silently dropped extra would change what the customer pays without telling them.
 */
export async function resolveUpsells(db: Db | Tx, names: readonly string[]): Promise<ChosenUpsell[]> {
  if (names.length === 0) return [];
  const options = await db
    .select({
      id: upsellOptions.id,
      name: upsellOptions.name,
      slug: upsellOptions.slug,
      priceCents: upsellOptions.priceCents,
    })
    .from(upsellOptions)
    .where(eq(upsellOptions.isActive, true))
    .orderBy(asc(upsellOptions.sortOrder), asc(upsellOptions.name));
  const key = (value: string) => value.trim().toLocaleLowerCase("fr-CA");
  const wanted = new Set(names.map(key));
  const unknown = [...wanted].filter(
    (name) => !options.some((o) => key(o.name) === name || key(o.slug) === name),
  );
  if (unknown.length > 0) {
    const typed = names.filter((name) => unknown.includes(key(name)));
    throw new AppError("UNKNOWN_UPSELL", [...new Set(typed.map((n) => n.trim()))].join(", "));
  }
  return options
    .filter((o) => wanted.has(key(o.name)) || wanted.has(key(o.slug)))
    .map(({ id, name, priceCents }) => ({ id, name, priceCents }));
}
