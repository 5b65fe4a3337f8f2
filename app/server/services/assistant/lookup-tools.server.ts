/**
 * The assistant's look-up tools (ADR 051): check_service_area, get_prices and list_slots, each
 * the page's service with the page's schema and rate limit.
 */
import { SlotsQuerySchema } from "~/domain/booking/schemas";
import { formatLongDate, formatMoney } from "~/lib/format";
import { messages } from "~/lib/messages.fr";
import { bookingMessages } from "~/lib/messages/booking.fr";
import { serviceAreaMessages } from "~/lib/messages/service-area.fr";
import { z } from "~/lib/zod-fr";
import { type RateLimitRule } from "../../rate-limit.server";
import { listOpenSlots } from "../booking/list-open-slots.server";
import { siteOf } from "../booking/slot-cache.server";
import { listActiveServices } from "../catalog/list-active-services.server";
import { listUpsellOptions } from "../catalog/list-upsell-options.server";
import { checkServiceArea, locationAnswer } from "../zones/check-service-area.server";
import { describeWish, narrowStarts, parseWhen } from "./when-words";
import { type ToolContext, refused, limited, invalid, failure } from "./tools.server";

/** As POST /api/validate-location: each check reads the zones. */
export const ADDRESS_CHECK_RATE_LIMIT = { max: 30, windowSeconds: 60 } as const satisfies RateLimitRule;
/** Days of slots one call lists at most (the page's picker shows a week at a time). */
export const SLOT_DAYS_DEFAULT = 7;
/** Days of slots one call lists at most. */
export const SLOT_DAYS_MAX = 14;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

// --- check_service_area ------------------------------------------------------------------------

export const CheckServiceAreaInput = z.object({
  address: z.string().max(500).describe("Adresse, municipalité ou code postal au Québec, ex. J2G 1A1"),
});

export async function checkServiceAreaTool(ctx: ToolContext, raw: unknown) {
  const parsed = CheckServiceAreaInput.safeParse(raw);
  if (!parsed.success || !parsed.data.address.trim() || parsed.data.address.includes("\u0000")) {
    return refused("VALIDATION", serviceAreaMessages.EMPTY);
  }
  if (await limited(ctx, "validate-location", ADDRESS_CHECK_RATE_LIMIT)) {
    return refused("RATE_LIMITED", messages.errors.rateLimited);
  }
  const decision = await checkServiceArea(ctx.db, { text: parsed.data.address, now: ctx.now() });
  const answer = locationAnswer(decision);
  return {
    ok: true as const,
    in_area: decision.inArea,
    message: answer.message,
    zone: decision.inArea ? (decision.zone?.routeSlug ?? null) : null,
    zone_name: decision.zone?.zoneName ?? null,
  };
}

// --- get_prices --------------------------------------------------------------------------------

export const GetPricesInput = z.object({});

export async function getPricesTool(ctx: ToolContext) {
  const [washes, extras] = await Promise.all([listActiveServices(ctx.db), listUpsellOptions(ctx.db)]);
  return {
    ok: true as const,
    note: "Prix avant taxes (TPS 5 % et TVQ 9,975 %), par véhicule pour les lavages.",
    services: washes.map((s) => ({
      id: s.id,
      name: s.name,
      price: formatMoney(s.basePriceCents),
      price_cents: s.basePriceCents,
      duration_minutes: s.durationMinutes,
    })),
    extras: extras.map((u) => ({
      slug: u.slug,
      name: u.name,
      price: formatMoney(u.priceCents),
      price_cents: u.priceCents,
    })),
  };
}

// --- list_slots --------------------------------------------------------------------------------

export const ListSlotsInput = z.object({
  zone: z.string().max(100).describe("La zone (slug) donnée par check_service_area, ex. granby"),
  cars: z.number().int().min(1).max(3).optional().describe("Nombre de véhicules, 1 à 3"),
  from: z.string().max(10).optional().describe("Premier jour, AAAA-MM-JJ (aujourd'hui par défaut)"),
  days: z.number().int().min(1).max(14).optional().describe("Nombre de jours, 7 par défaut"),
  address: z
    .string()
    .max(200)
    .optional()
    .describe(
      "L'adresse ou le code postal du lavage : les heures laissent alors le temps de route (ADR 048)",
    ),
  when: z
    .string()
    .max(200)
    .optional()
    .describe(
      "Les mots du client pour le moment voulu, tels quels, ex. « jeudi après-midi », « demain matin », « la semaine prochaine », « samedi vers 10 h » : seuls ces créneaux sont donnés (et 'understood' dit ce qui a été compris)",
    ),
});

export async function listSlotsTool(ctx: ToolContext, raw: unknown) {
  const base = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};
  const words = typeof base.when === "string" && base.when.trim() ? base.when.slice(0, 200) : null;
  // The customer's words (issue 33, item 6): their days replace 'from' and 'days'.
  const wish = words ? parseWhen(words, ctx.now()) : null;
  const range =
    wish?.from && wish.to
      ? { from: wish.from, days: Math.min(daysBetween(wish.from, wish.to) + 1, SLOT_DAYS_MAX) }
      : {};
  const parsed = SlotsQuerySchema.safeParse({
    ...base,
    when: undefined,
    days: base.days ?? (wish ? SLOT_DAYS_MAX : SLOT_DAYS_DEFAULT),
    ...range,
  });
  if (!parsed.success) return invalid(parsed.error);
  try {
    const site = parsed.data.address ? await siteOf(parsed.data.address) : null;
    const open = await listOpenSlots(ctx.db, {
      site,
      zoneSlug: parsed.data.zone,
      cars: parsed.data.cars,
      from: parsed.data.from,
      days: Math.min(parsed.data.days ?? SLOT_DAYS_DEFAULT, SLOT_DAYS_MAX),
      serviceId: parsed.data.serviceId,
      now: ctx.now(),
    });
    return {
      ok: true as const,
      zone: open.zone,
      cars: open.cars,
      duration_minutes: open.duration_minutes,
      ...(words ? { understood: wish ? describeWish(wish) : null } : {}),
      days: open.days
        .map((d) => {
          const starts = d.slots.map((s) => s.start);
          return {
            date: d.date,
            label: formatLongDate(d.date),
            starts: wish ? narrowStarts(starts, wish) : starts,
          };
        })
        .filter((d) => d.starts.length > 0),
    };
  } catch (error) {
    return failure(error, bookingMessages.zoneNotFound);
  }
}
