import path from "node:path";
import { z } from "~/lib/zod-fr";
import { isLoopbackUrl } from "~/lib/loopback";
import { securityMessages } from "~/lib/messages/security.fr";

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.url().optional())
  .optional();

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === "" ? undefined : v));

const stripeMissing =
  "STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET go together: set all three, or none (payment on site)";

const flag = z
  .enum(["0", "1", "true", "false", ""])
  .optional()
  .transform((v) => v === "1" || v === "true");

export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: optionalUrl,
    PUBLIC_URL: optionalUrl,
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().default("Lavage Mobile Prestige <bonjour@lavageprestige.ca>"),
    CONTACT_WEBHOOK_URL: optionalUrl,
    APPLICATION_WEBHOOK_URL: optionalUrl,
    DEMO_ACCOUNTS: flag,
    /** Lets DEMO_ACCOUNTS=1 start on a public PUBLIC_URL (ADR 041): a loud warning at boot. */
    DEMO_ON_PUBLIC_URL: flag,
    BETTER_AUTH_SECRET: z.string().min(32).optional(),
    /** Express 'trust proxy': set it (e.g. 1 or "loopback") when behind a load balancer. */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v) =>
        v === undefined || v === "" ? false : /^\d+$/.test(v) ? Number(v) : v === "true" ? true : v,
      ),
    /** Run the job worker inside the app process (default); 0 leaves jobs to `npm run worker`. */
    RUN_WORKER: z
      .enum(["0", "1", "true", "false", ""])
      .optional()
      .transform((v) => v !== "0" && v !== "false"),
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
    /**
     * Map tiles (ADR 053): a URL template such as https://tiles.example.com/{z}/{x}/{y}.png ({s}
     * for subdomains); unset = maps without a base layer ('carte sans fond').
     */
    MAP_TILE_URL: z
      .string()
      .trim()
      .regex(/^https?:\/\/[^\s]+\{z\}[^\s]*$/, "must be an http(s) URL template with {z}, {x} and {y}")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** The tile provider's credit line shown on the map, e.g. '© OpenStreetMap contributors'. */
    MAP_TILE_ATTRIBUTION: z.string().trim().optional(),
    // File storage (signatures, photos): local disk under DATA_DIR/files, or an S3-compatible bucket.
    STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
    S3_ENDPOINT: optionalUrl,
    S3_BUCKET: z.string().trim().optional(),
    S3_REGION: z.string().trim().default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().trim().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: flag,

    // Messaging (ADR 013-015): SMS provider, inbound callback check.
    /** log = the sms_messages outbox only (default); twilio = a Twilio-style HTTP API. */
    SMS_PROVIDER: z.enum(["log", "twilio"]).default("log"),
    SMS_ACCOUNT_SID: optionalText,
    SMS_AUTH_TOKEN: optionalText,
    /** The sender: an E.164 number (+14505550142) or a messaging service id. */
    SMS_FROM: optionalText,
    /** Base URL of the Twilio-style API (tests point it at a local receiver). */
    SMS_API_URL: optionalUrl,
    /** Shared secret the inbound SMS callback must carry when no SMS_AUTH_TOKEN signs it. */
    SMS_INBOUND_SECRET: optionalText.pipe(z.string().min(16).optional()),
    /** Minutes between a wash marked completed and the review request (ADR 049); 0 = at once. */
    REVIEW_REQUEST_DELAY_MINUTES: z.coerce.number().int().min(0).max(10_080).default(180),

    // Travel times (ADR 048): an OSRM-compatible routing engine; unset = the offline estimate.
    /** Base URL of the engine, e.g. http://osrm:5000 (the `table` service is asked). */
    ROUTING_URL: optionalUrl,
    /** How long a slot list waits for the engine before it falls back to the estimate. */
    ROUTING_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(1500),
    /** The assistant's model (ADR 051): any OpenAI-compatible endpoint; unset = the guided assistant. */
    AI_BASE_URL: optionalUrl,
    AI_API_KEY: optionalText,
    AI_MODEL: optionalText,

    // Payments (issue 31, ADR 073): Stripe; all three keys or none (none = payment on site only).
    /** The secret (sk_…) or restricted (rk_…) API key. */
    STRIPE_SECRET_KEY: optionalText.pipe(
      z
        .string()
        .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, "must be a Stripe secret key (sk_test_… or sk_live_…)")
        .optional(),
    ),
    /** The publishable key (pk_…), for the pages that open Stripe's hosted pages. */
    STRIPE_PUBLISHABLE_KEY: optionalText.pipe(
      z
        .string()
        .regex(/^pk_(test|live)_[A-Za-z0-9_]+$/, "must be a Stripe publishable key (pk_test_… or pk_live_…)")
        .optional(),
    ),
    /** The signing secret of the webhook endpoint POST /api/stripe/webhook (whsec_…). */
    STRIPE_WEBHOOK_SECRET: optionalText.pipe(
      z
        .string()
        .regex(/^whsec_[A-Za-z0-9_]+$/, "must be a webhook signing secret (whsec_…)")
        .optional(),
    ),
    /** Another API base (scheme, host and port only), e.g. a local stand-in; unset = Stripe. */
    STRIPE_API_BASE: optionalText.pipe(
      z
        .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
        .refine((v) => new URL(v).pathname === "/" && !new URL(v).search, {
          error: "must be a scheme, host and port only (no path)",
        })
        .optional(),
    ),
    /** The business's GST (TPS) registration number on receipts (ADR 079), e.g. 123456789 RT 0001. */
    BUSINESS_TPS_NUMBER: optionalText.pipe(
      z
        .string()
        .transform((v) => v.replace(/\s+/g, "").toUpperCase())
        .pipe(z.string().regex(/^\d{9}RT\d{4}$/, "must be a GST number like 123456789 RT 0001"))
        .transform((v) => `${v.slice(0, 9)} RT ${v.slice(11)}`)
        .optional(),
    ),
    /** The business's QST (TVQ) registration number on receipts (ADR 079), e.g. 1234567890 TQ 0001. */
    BUSINESS_TVQ_NUMBER: optionalText.pipe(
      z
        .string()
        .transform((v) => v.replace(/\s+/g, "").toUpperCase())
        .pipe(z.string().regex(/^\d{10}TQ\d{4}$/, "must be a QST number like 1234567890 TQ 0001"))
        .transform((v) => `${v.slice(0, 10)} TQ ${v.slice(12)}`)
        .optional(),
    ),

    // Shared counters of the rate limits across app instances; unset = kept in the database.
    REDIS_URL: z
      .string()
      .trim()
      .transform((v) => (v === "" ? undefined : v))
      .pipe(z.url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL" }).optional())
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.STORAGE_DRIVER === "s3") {
      for (const name of ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
        if (!env[name])
          ctx.addIssue({ code: "custom", path: [name], message: "required when STORAGE_DRIVER=s3" });
      }
    }
    // Demo mode makes any visitor admin through the test login: local addresses only (ADR 041).
    if (env.DEMO_ACCOUNTS && !env.DEMO_ON_PUBLIC_URL && env.PUBLIC_URL && !isLoopbackUrl(env.PUBLIC_URL)) {
      ctx.addIssue({ code: "custom", path: ["PUBLIC_URL"], message: securityMessages.demoOnPublicUrl });
    }
    if (env.SMS_PROVIDER === "twilio") {
      for (const key of ["SMS_ACCOUNT_SID", "SMS_AUTH_TOKEN", "SMS_FROM"] as const) {
        if (!env[key])
          ctx.addIssue({ code: "custom", path: [key], message: "required when SMS_PROVIDER=twilio" });
      }
    }
    const stripeKeys = ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"] as const;
    if (stripeKeys.some((key) => env[key])) {
      for (const key of stripeKeys) {
        if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: stripeMissing });
      }
    }
    const secretMode = env.STRIPE_SECRET_KEY?.split("_")[1];
    const publishableMode = env.STRIPE_PUBLISHABLE_KEY?.split("_")[1];
    if (secretMode && publishableMode && secretMode !== publishableMode) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_PUBLISHABLE_KEY"],
        message: "must be of the same mode (test or live) as STRIPE_SECRET_KEY",
      });
    }
    if (secretMode === "live" && env.STRIPE_API_BASE?.startsWith("http:")) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_API_BASE"],
        message: "a live key is never sent over plain http",
      });
    }
  })
  .transform((env) => ({
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    SMS_API_URL: (env.SMS_API_URL ?? "https://api.twilio.com").replace(/\/$/, ""),
    isDevelopment: env.NODE_ENV === "development",
    /** Stripe's settings when the three keys are set (ADR 073); undefined = payment on site only. */
    stripe: stripeConfig(env),
    /** Demo accounts, the test-login panel and setup-test-users: development or DEMO_ACCOUNTS=1. */
    demoAccounts: env.NODE_ENV === "development" || env.DEMO_ACCOUNTS,
    /**
     * Started in production without PUBLIC_URL: e-mail links point at localhost, and demo
     * mode (DEMO_ACCOUNTS=1) passes its loopback check by default. Warned about at boot (ADR 071).
     */
    publicUrlUnset: env.NODE_ENV === "production" && !env.PUBLIC_URL,
    /** Demo mode explicitly allowed on a public PUBLIC_URL: warned about at boot. */
    demoOnPublicUrl:
      env.DEMO_ACCOUNTS &&
      env.DEMO_ON_PUBLIC_URL &&
      !isLoopbackUrl(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`),
  }));

export type Env = z.infer<typeof EnvSchema>;

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where the SDK sends its requests: Stripe itself unless STRIPE_API_BASE says otherwise. */
  api?: { protocol: "http" | "https"; host: string; port: number };
}

function stripeConfig(env: {
  STRIPE_SECRET_KEY?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_API_BASE?: string;
}): StripeConfig | undefined {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_PUBLISHABLE_KEY: publishableKey } = env;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET;
  if (!secretKey || !publishableKey || !webhookSecret) return undefined;
  if (!env.STRIPE_API_BASE) return { secretKey, publishableKey, webhookSecret };
  const base = new URL(env.STRIPE_API_BASE);
  const protocol = base.protocol === "http:" ? "http" : "https";
  const port = Number(base.port || (protocol === "http" ? 80 : 443));
  // The SDK takes a host name: an IPv6 literal without its brackets.
  const host = base.hostname.replace(/^\[(.*)\]$/, "$1");
  return { secretKey, publishableKey, webhookSecret, api: { protocol, host, port } };
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

let cached: Env | undefined;

/** The validated environment; the process stops at boot when a variable is wrong. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
