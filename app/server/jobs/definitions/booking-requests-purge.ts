import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * Daily: deletes the booking requests past their expiry (ADR 068), then queues the next day's.
 */
export const bookingRequestsPurgeJob = defineJob("booking-requests.purge", z.object({}));
