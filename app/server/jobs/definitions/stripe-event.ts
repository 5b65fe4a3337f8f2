import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * Acts on one recorded Stripe event (stripe_events), once; the id only (ADR 073).
 */
export const stripeEventJob = defineJob("stripe.event", z.object({ eventId: z.string() }));
