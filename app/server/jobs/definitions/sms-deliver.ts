import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * Sends one queued sms_messages row through the SMS provider.
 */
export const smsDeliverJob = defineJob("sms.deliver", z.object({ smsId: z.string() }));
