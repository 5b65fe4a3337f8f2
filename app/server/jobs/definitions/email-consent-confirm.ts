import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * Double opt-in (ADR 071): the link that confirms the offers a form's box requested.
 */
export const emailConsentConfirmJob = defineJob("email.consent-confirm", z.object({ address: z.string() }));
