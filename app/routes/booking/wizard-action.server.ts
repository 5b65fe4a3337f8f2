import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { BookingRequestSchema, RequestKeySchema } from "~/domain/booking/schemas";
import type { ErrorCode } from "~/lib/errors";
import { messages } from "~/lib/messages.fr";
import { bookingMessages } from "~/lib/messages/booking.fr";
import { getSessionUser } from "~/server/auth.server";
import { getDb } from "~/server/db.server";
import { formFailure } from "~/server/http/failure.server";
import type { OpenSlots } from "~/server/services/booking/list-open-slots.server";
import { placeBooking, SlotConflictError } from "~/server/services/booking/place-booking.server";
import { checkPromoFromForm } from "./wizard-promo.server";
import { askFreedTime } from "./wizard-freed-time.server";
import type { Route } from "./+types/wizard";
import { requestInfo } from "~/server/request-info.server";
import { stripeFromEnv } from "~/server/payments/stripe.server";
import { bookingCardStep, paymentPagePath } from "~/server/services/payments/booking-payment.server";
import { queueCardStepRetry } from "~/server/services/payments/retry-card-step.server";

const b = bookingMessages;

/** The field a refusal belongs to (the rest are errors of the whole form). */
const FIELD_OF: Partial<Record<ErrorCode, string>> = {
  ADDRESS_OUT_OF_ZONE: "address",
  ADDRESS_NOT_LOCATED: "address",
  PROMO_CODE_REFUSED: "promoCode",
  GIFT_CARD_REFUSED: "giftCardCode",
  // A slot taken meanwhile is an error of the time step, with the fresh slots.
  SLOT_TAKEN: "start",
  SLOT_UNAVAILABLE: "start",
};

/**
 * Starts the card step of a booking just made; false when its zone takes payment on site. A
 * Stripe failure still goes to the payment page, which tries again (the booking holds its slot).
 */
async function takesCard(
  db: ReturnType<typeof getDb>,
  booking: { appointmentId: string; bookingId: string },
) {
  const stripe = stripeFromEnv();
  if (!stripe) return false;
  try {
    const step = await bookingCardStep(db, { ...booking, now: new Date(), stripe });
    return step.mode !== "on_site";
  } catch (error) {
    console.error(error);
    // The customer may close the page: a job tries again, then falls back to on site (ADR 074).
    await queueCardStepRetry(db, booking, { attempt: 1, now: new Date() });
    return true;
  }
}

/** Step 1's URL (the query the button posted to, step=1) with the time and extras chosen. */
function editPath(request: Request, formData: FormData) {
  const url = new URL(request.url);
  const query = new URLSearchParams(url.search);
  query.delete("index");
  query.delete("start");
  query.delete("extra");
  query.set("step", "1");
  // A promo code typed at step 2 travels as a link's would (?promo=, ADR 050).
  const promo = formData.get("promoCode");
  if (typeof promo === "string" && promo.trim().length > 0 && promo.length <= 64)
    query.set("promo", promo.trim());
  const start = formData.get("start");
  if (typeof start === "string" && start.length > 0 && start.length <= 40) query.set("start", start);
  for (const slug of formData.getAll("upsells").slice(0, 20)) {
    if (typeof slug === "string" && slug.length > 0 && slug.length <= 64) query.append("extra", slug);
  }
  return `${url.pathname}?${query.toString()}`;
}

/**
 * intent 'book': parse with the shared schema, book, then go to /booking-success/{bookingId}.
 * With JavaScript the page navigates itself and hands over the manage link in the router state
 * (never in a URL); without it, a redirect, and the manage link arrives by e-mail. A taken slot
 * answers with the fresh slots; an address outside the zone is an error of the address field.
 * The flow is POST /api/bookings's (placeBooking).
 */
export async function bookFromWizard({ request, context }: Route.ActionArgs) {
  const db = getDb();
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: BookingRequestSchema });
  const fail = (
    status: number,
    reply: Parameters<typeof submission.reply>[0],
    slots: OpenSlots | null = null,
  ) => data({ status: "failed" as const, result: submission.reply(reply), slots }, { status });

  // « Prévenez-moi si une heure se libère » (ADR 091): its own form on the time step.
  if (formData.get("intent") === "freed-time") return askFreedTime(db, formData, requestInfo(context).ip);
  // « Modifier » (issue 33): back to step 1 (the button's own query), carrying the time and the
  // extras chosen so far; step 2 keeps those still valid. Nothing typed in the details goes in a URL.
  if (formData.get("intent") === "edit") throw redirect(editPath(request, formData));
  // 'Appliquer' beside the promo code: its rules checked, the form kept as typed (ADR 050).
  if (formData.get("intent") === "promo") return checkPromoFromForm(db, formData, requestInfo(context).ip);
  if (formData.get("intent") !== "book") return fail(400, { formErrors: [messages.errors.generic] });

  // The form's own key (ADR 068); a page rendered before it existed books without one.
  const key = RequestKeySchema.safeParse(formData.get("requestKey") ?? undefined);
  try {
    const placed = await placeBooking(db, {
      ip: requestInfo(context).ip,
      key: key.success ? { scope: "wizard", value: key.data } : null,
      now: new Date(),
      relist: "range",
      read: async () =>
        submission.status === "success" ? { input: submission.value } : { refusal: true as const },
      actor: () => getSessionUser(request),
    });
    if (placed.refusal) return fail(400, {});
    const { booking } = placed;
    // A zone that takes a card (ADR 074): the card step, then our page that links to Stripe's
    // hosted page (a redirect of this post to Stripe would break the CSP's form-action). A
    // repeat of the same post lands on the same booking's page: the card step is idempotent.
    if (await takesCard(db, booking)) throw redirect(await paymentPagePath(db, booking.bookingId));
    if (formData.get("navigation") !== "client") throw redirect(`/booking-success/${booking.bookingId}`);
    return {
      status: "booked" as const,
      bookingId: booking.bookingId,
      manageUrl: booking.manageUrl,
      cars: booking.input.cars,
      citySlug: booking.zoneSlug,
    };
  } catch (error) {
    if (error instanceof Response) throw error;
    const { failure, result } = formFailure(error, submission, {
      texts: { NOT_FOUND: b.zoneNotFound },
      fields: FIELD_OF,
    });
    const slots = error instanceof SlotConflictError ? error.slots : null;
    return data({ status: "failed" as const, result, slots }, { status: failure.status });
  }
}
