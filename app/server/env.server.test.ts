import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

describe("environment", () => {
  it("needs nothing for the embedded default", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      PUBLIC_URL: "http://localhost:3000",
      demoAccounts: false,
      NODE_ENV: "production",
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR).toMatch(/\/data$/);
  });

  it("turns demo accounts on in development or with DEMO_ACCOUNTS=1", () => {
    expect(parseEnv({ NODE_ENV: "development" }).demoAccounts).toBe(true);
    expect(parseEnv({ DEMO_ACCOUNTS: "1" }).demoAccounts).toBe(true);
    expect(parseEnv({ DEMO_ACCOUNTS: "0" }).demoAccounts).toBe(false);
  });

  it("derives PUBLIC_URL from PORT and drops a trailing slash", () => {
    expect(parseEnv({ PORT: "8080" }).PUBLIC_URL).toBe("http://localhost:8080");
    expect(parseEnv({ PUBLIC_URL: "https://lavage.example/" }).PUBLIC_URL).toBe("https://lavage.example");
  });

  it("treats empty optional URLs as unset", () => {
    const env = parseEnv({ DATABASE_URL: "", SMTP_URL: " " });
    expect([env.DATABASE_URL, env.SMTP_URL]).toEqual([undefined, undefined]);
  });

  it("starts demo mode only on a loopback PUBLIC_URL, or with the explicit override (ADR 041)", () => {
    for (const url of [undefined, "http://localhost:3000", "http://127.0.0.1:4401", "http://[::1]:3000"]) {
      expect(parseEnv({ DEMO_ACCOUNTS: "1", PUBLIC_URL: url }).demoAccounts).toBe(true);
    }
    expect(() => parseEnv({ DEMO_ACCOUNTS: "1", PUBLIC_URL: "https://lavage.example" })).toThrow(
      /PUBLIC_URL: Le mode démo \(DEMO_ACCOUNTS=1\) donne un accès administrateur à tout visiteur/,
    );
    const overridden = parseEnv({
      DEMO_ACCOUNTS: "1",
      PUBLIC_URL: "https://lavage.example",
      DEMO_ON_PUBLIC_URL: "1",
    });
    expect(overridden).toMatchObject({ demoAccounts: true, demoOnPublicUrl: true });
    expect(parseEnv({ DEMO_ACCOUNTS: "1" }).demoOnPublicUrl).toBe(false);
    expect(parseEnv({ PUBLIC_URL: "https://lavage.example" }).demoAccounts).toBe(false);
  });

  it("marks a start without PUBLIC_URL outside development, to warn about at boot (ADR 071)", () => {
    expect(parseEnv({ DEMO_ACCOUNTS: "1", NODE_ENV: "production" })).toMatchObject({
      publicUrlUnset: true,
      demoAccounts: true,
    });
    expect(parseEnv({ NODE_ENV: "production", PUBLIC_URL: " " }).publicUrlUnset).toBe(true);
    expect(parseEnv({ NODE_ENV: "production", PUBLIC_URL: "http://localhost:3000" }).publicUrlUnset).toBe(
      false,
    );
    expect(parseEnv({ NODE_ENV: "development" }).publicUrlUnset).toBe(false);
  });

  it("names every wrong variable in one clear error", () => {
    expect(() => parseEnv({ PORT: "abc", DATABASE_URL: "not a url", DEMO_ACCOUNTS: "yes" })).toThrow(
      /Invalid environment configuration:\n {2}- PORT: .*\n {2}- DATABASE_URL: .*\n {2}- DEMO_ACCOUNTS: /,
    );
  });

  it("defaults to the SMS outbox and needs the account, token and sender for twilio", () => {
    expect(parseEnv({})).toMatchObject({ SMS_PROVIDER: "log", SMS_API_URL: "https://api.twilio.com" });
    expect(() => parseEnv({ SMS_PROVIDER: "twilio", SMS_ACCOUNT_SID: "AC1" })).toThrow(
      /SMS_AUTH_TOKEN: required when SMS_PROVIDER=twilio\n {2}- SMS_FROM: required/,
    );
    const twilio = parseEnv({
      SMS_PROVIDER: "twilio",
      SMS_ACCOUNT_SID: "AC1",
      SMS_AUTH_TOKEN: "secret",
      SMS_FROM: "+14505550100",
      SMS_API_URL: "http://127.0.0.1:9999/",
    });
    expect(twilio).toMatchObject({ SMS_PROVIDER: "twilio", SMS_API_URL: "http://127.0.0.1:9999" });
    expect(() => parseEnv({ SMS_INBOUND_SECRET: "short" })).toThrow(/SMS_INBOUND_SECRET/);
    expect(parseEnv({ SMS_INBOUND_SECRET: "" }).SMS_INBOUND_SECRET).toBeUndefined();
  });

  describe("Stripe (ADR 073)", () => {
    const keys = {
      STRIPE_SECRET_KEY: "sk_test_51abcDEF",
      STRIPE_PUBLISHABLE_KEY: "pk_test_51abcDEF",
      STRIPE_WEBHOOK_SECRET: "whsec_abc123",
    };

    it("is off without keys: payment on site, nothing required", () => {
      expect(parseEnv({}).stripe).toBeUndefined();
      expect(parseEnv({ STRIPE_SECRET_KEY: "", STRIPE_API_BASE: " " }).stripe).toBeUndefined();
    });

    it("is on with the three keys, on Stripe itself unless STRIPE_API_BASE says otherwise", () => {
      expect(parseEnv(keys).stripe).toEqual({
        secretKey: "sk_test_51abcDEF",
        publishableKey: "pk_test_51abcDEF",
        webhookSecret: "whsec_abc123",
      });
      expect(parseEnv({ ...keys, STRIPE_API_BASE: "http://127.0.0.1:12111" }).stripe?.api).toEqual({
        protocol: "http",
        host: "127.0.0.1",
        port: 12111,
      });
      expect(parseEnv({ ...keys, STRIPE_API_BASE: "https://[::1]/" }).stripe?.api).toEqual({
        protocol: "https",
        host: "::1",
        port: 443,
      });
    });

    it("refuses a partial set, a wrong key, mixed modes and a base with a path", () => {
      expect(() => parseEnv({ STRIPE_SECRET_KEY: keys.STRIPE_SECRET_KEY })).toThrow(
        /STRIPE_PUBLISHABLE_KEY: .*go together[\s\S]*STRIPE_WEBHOOK_SECRET: .*go together/,
      );
      expect(() => parseEnv({ ...keys, STRIPE_SECRET_KEY: "pk_test_x" })).toThrow(/STRIPE_SECRET_KEY/);
      expect(() => parseEnv({ ...keys, STRIPE_WEBHOOK_SECRET: "secret" })).toThrow(/STRIPE_WEBHOOK_SECRET/);
      expect(() => parseEnv({ ...keys, STRIPE_PUBLISHABLE_KEY: "pk_live_51abc" })).toThrow(
        /same mode \(test or live\)/,
      );
      expect(() => parseEnv({ ...keys, STRIPE_API_BASE: "http://127.0.0.1:12111/v1" })).toThrow(
        /STRIPE_API_BASE: must be a scheme, host and port only/,
      );
      expect(() => parseEnv({ ...keys, STRIPE_API_BASE: "ftp://127.0.0.1" })).toThrow(/STRIPE_API_BASE/);
      const live = { ...keys, STRIPE_SECRET_KEY: "sk_live_1", STRIPE_PUBLISHABLE_KEY: "pk_live_1" };
      expect(() => parseEnv({ ...live, STRIPE_API_BASE: "http://10.0.0.5:8080" })).toThrow(/plain http/);
      expect(parseEnv(live).stripe?.secretKey).toBe("sk_live_1");
    });
  });

  it("takes the receipts' GST and QST numbers in their usual forms, and refuses anything else (ADR 079)", () => {
    expect(parseEnv({}).BUSINESS_TPS_NUMBER).toBeUndefined();
    const env = parseEnv({
      BUSINESS_TPS_NUMBER: "123456789rt0001",
      BUSINESS_TVQ_NUMBER: "1234567890 TQ 0001",
    });
    expect(env.BUSINESS_TPS_NUMBER).toBe("123456789 RT 0001");
    expect(env.BUSINESS_TVQ_NUMBER).toBe("1234567890 TQ 0001");
    expect(() => parseEnv({ BUSINESS_TPS_NUMBER: "12345" })).toThrow(/BUSINESS_TPS_NUMBER/);
    expect(() => parseEnv({ BUSINESS_TVQ_NUMBER: "123456789 RT 0001" })).toThrow(/BUSINESS_TVQ_NUMBER/);
  });
});
