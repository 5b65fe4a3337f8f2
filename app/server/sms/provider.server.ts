import crypto from "node:crypto";
import { env } from "../env.server";

/** Sends one SMS; throws when the provider refuses it, so the job is retried. */
export interface SmsProvider {
  /** Stored in sms_messages.provider. */
  readonly name: string;
  send(message: { to: string; body: string; signal?: AbortSignal }): Promise<{ providerMessageId: string }>;
}

/**
 * The default: nothing leaves the machine. The sms_messages row the sender wrote is the outbox
 * (an operator or a test reads it there); this provider only gives the row its id.
 */
export function createLogProvider(): SmsProvider {
  return {
    name: "log",
    async send() {
      return { providerMessageId: `log-${crypto.randomUUID()}` };
    },
  };
}

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** An E.164 number, or a messaging service id (MG…). */
  from: string;
  /** https://api.twilio.com, or a local receiver in tests. */
  apiUrl: string;
}

/** Longest wait for the provider's answer; the job's own time limit also applies. */
export const SMS_PROVIDER_TIMEOUT_MS = 15_000;

/**
 * A Twilio-style API: POST {apiUrl}/2010-04-01/Accounts/{sid}/Messages.json, form-encoded To,
 * From (or MessagingServiceSid) and Body, HTTP Basic with the account id and token. A 2xx
 * answer carries the message's `sid`; anything else throws.
 */
export function createTwilioProvider(config: TwilioConfig): SmsProvider {
  const endpoint = `${config.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString("base64")}`;
  return {
    name: "twilio",
    async send({ to, body, signal }) {
      const form = new URLSearchParams({ To: to, Body: body });
      form.set(config.from.startsWith("MG") ? "MessagingServiceSid" : "From", config.from);
      const timeout = AbortSignal.timeout(SMS_PROVIDER_TIMEOUT_MS);
      const response = await fetch(endpoint, {
        method: "POST",
        headers: {
          authorization,
          "content-type": "application/x-www-form-urlencoded",
          accept: "application/json",
        },
        body: form,
        redirect: "manual",
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      const text = await response.text();
      if (!response.ok) {
        const detail = providerErrorDetail(text);
        throw new Error(`SMS provider answered HTTP ${response.status}${detail ? `: ${detail}` : ""}`);
      }
      const sid = (JSON.parse(text) as { sid?: unknown }).sid;
      if (typeof sid !== "string" || sid === "")
        throw new Error("SMS provider answered without a message sid");
      return { providerMessageId: sid };
    },
  };
}

let cached: { key: string; provider: SmsProvider } | undefined;

/** The provider of the configuration (SMS_PROVIDER, default log). */
export function smsProviderFromEnv(): SmsProvider {
  const config = env();
  const key = [config.SMS_PROVIDER, config.SMS_ACCOUNT_SID, config.SMS_FROM, config.SMS_API_URL].join("|");
  if (cached?.key !== key) {
    cached = {
      key,
      provider:
        config.SMS_PROVIDER === "twilio"
          ? createTwilioProvider({
              accountSid: config.SMS_ACCOUNT_SID!,
              authToken: config.SMS_AUTH_TOKEN!,
              from: config.SMS_FROM!,
              apiUrl: config.SMS_API_URL,
            })
          : createLogProvider(),
    };
  }
  return cached.provider;
}

/**
 * Twilio's request signature: Base64(HMAC-SHA1(auth token, full URL + each POST parameter's
 * name and value, sorted by name)), sent as X-Twilio-Signature.
 */
export function twilioSignature(authToken: string, url: string, params: Iterable<[string, string]>): string {
  const sorted = [...params].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const data = url + sorted.map(([k, v]) => k + v).join("");
  return crypto.createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

/** Constant-time comparison of two strings. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

/** "code message" of a Twilio-style JSON error, else the start of the answer. */
function providerErrorDetail(text: string): string {
  try {
    const json = JSON.parse(text) as { code?: number; message?: string };
    return [json.code, json.message].filter(Boolean).join(" ");
  } catch {
    return text.slice(0, 200);
  }
}
