import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * A zone became active, moved or grew: claims the waiting entries now served, queues their e-mail (ADR 046).
 */
export const waitlistNotifyJob = defineJob("waitlist.notify", z.object({}));
