import { deliverApplicationWebhook } from "./handlers/application-webhook.server";
import { deliverContactWebhook } from "./handlers/contact-webhook.server";
import { createMessagingHandlers } from "./handlers/messaging.server";
import { createWaitlistHandlers } from "./handlers/waitlist.server";
import type { JobName, JobPayloads } from "./payloads";
import type { JobHandler } from "./worker.server";

/** The handler of each job name, run by the worker of `npm start` and of `npm run worker`. */
export const jobHandlers: { [N in JobName]: JobHandler<JobPayloads[N]> } = {
  noop: async () => {},
  "contact.webhook": deliverContactWebhook,
  "application.webhook": deliverApplicationWebhook,

  // Messaging
  ...createMessagingHandlers(),
  ...createWaitlistHandlers(),
};
