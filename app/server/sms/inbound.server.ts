import { env } from "../env.server";
import { demoToolsAllowed } from "../security/demo-tools.server";
import { safeEqual, twilioSignature } from "./provider.server";

/** The TwiML answer of an inbound callback: one reply message, or none. */
export function twiml(reply: string | null): string {
  const escaped = reply
    ?.replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Response>${escaped === undefined ? "" : `<Message>${escaped}</Message>`}</Response>\n`;
}

/**
 * Whether an inbound callback comes from the provider (ADR 014): with SMS_AUTH_TOKEN, Twilio's
 * X-Twilio-Signature over PUBLIC_URL + path + query and the form fields; otherwise, with
 * SMS_INBOUND_SECRET, the same secret in the X-Sms-Secret header or the `secret` query
 * parameter. With neither, callbacks are accepted only in demo mode (development or
 * DEMO_ACCOUNTS=1) from a loopback socket (ADR 041): elsewhere anyone could otherwise send START
 * for someone else's number (forged consent).
 */
export function inboundCallbackAllowed(
  request: Request,
  form: URLSearchParams,
  /** The TCP peer's own address (the load context's socketIp). */
  socketIp?: string,
): boolean {
  const config = env();
  const url = new URL(request.url);
  if (config.SMS_AUTH_TOKEN) {
    const signature = request.headers.get("x-twilio-signature") ?? "";
    const publicUrl = `${config.PUBLIC_URL}${url.pathname}${url.search}`;
    return (
      signature !== "" &&
      safeEqual(signature, twilioSignature(config.SMS_AUTH_TOKEN, publicUrl, form.entries()))
    );
  }
  if (config.SMS_INBOUND_SECRET) {
    const given = request.headers.get("x-sms-secret") ?? url.searchParams.get("secret") ?? "";
    return safeEqual(given, config.SMS_INBOUND_SECRET);
  }
  return demoToolsAllowed({ socketIp }, config.demoAccounts);
}
