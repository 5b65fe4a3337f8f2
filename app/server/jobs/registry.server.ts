import { deliverApplicationWebhook } from "./handlers/application-webhook.server";
import { deliverContactWebhook } from "./handlers/contact-webhook.server";
import type { JobHandler } from "./worker.server";

/**
 * Every job the product queues, by name, with its payload. Payloads are stored as JSON: use
 * strings, numbers, booleans, arrays and plain objects (an instant as an ISO string).
 */
export interface JobPayloads {
  /** Does nothing: lets an operator check that a worker is running. */
  noop: Record<string, never>;
  /** Delivers a stored contact message to CONTACT_WEBHOOK_URL; the id only, no personal data. */
  "contact.webhook": { messageId: string };
  /** Delivers a stored franchise application to APPLICATION_WEBHOOK_URL; the id only. */
  "application.webhook": { applicationId: string };
}

export type JobName = keyof JobPayloads;

/** The handler of each job name, run by the worker of `npm start` and of `npm run worker`. */
export const jobHandlers: { [N in JobName]: JobHandler<JobPayloads[N]> } = {
  noop: async () => {},
  "contact.webhook": deliverContactWebhook,
  "application.webhook": deliverApplicationWebhook,
};
