import crypto from "node:crypto";
import { expect, it } from "vitest";
import { configureJobSecrets, openJobSecret, sealJobSecret } from "./job-secrets.server";

const SECRET = "s".repeat(32) + "-job-secrets-test";

/** A value sealed as before ADR 101: AES-256-GCM under an HMAC of "jobs.payload" with the secret. */
function sealedTheOldWay(secret: string, value: string): string {
  const key = crypto.createHmac("sha256", secret).update("jobs.payload").digest();
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(value, "utf8"), cipher.final()]);
  return "sealed:v1:" + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

it("seals with the job-payload key and still opens what the old key sealed (a job waiting since)", () => {
  configureJobSecrets(SECRET);
  const sealed = sealJobSecret("jeton-de-gestion");
  expect(sealed).not.toContain("jeton");
  expect(openJobSecret(sealed)).toBe("jeton-de-gestion");
  expect(openJobSecret(sealedTheOldWay(SECRET, "jeton-ancien"))).toBe("jeton-ancien");
  // The old derivation of another secret does not open.
  expect(openJobSecret(sealedTheOldWay("x".repeat(40), "autre"))).toBeNull();

  // Another secret opens neither.
  configureJobSecrets("o".repeat(40));
  expect(openJobSecret(sealed)).toBeNull();
  expect(openJobSecret(sealedTheOldWay(SECRET, "jeton-ancien"))).toBeNull();
});
