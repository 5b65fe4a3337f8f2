import fs from "node:fs";
import path from "node:path";
import { vi } from "vitest";

export interface StoredMail {
  to: string;
  subject: string;
  text: string;
}

/** Every e-mail the server wrote to DATA_DIR/mail so far (no SMTP_URL), oldest first. */
export function readMails(dataDir: string): StoredMail[] {
  const dir = path.join(dataDir, "mail");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as StoredMail);
}

/** Waits until `count` e-mails to `to` whose subject matches are written (the job queue sends them), and returns them. */
export async function waitForMails(
  dataDir: string,
  to: string,
  subject: RegExp,
  count = 1,
): Promise<StoredMail[]> {
  let found: StoredMail[] = [];
  await vi.waitFor(
    () => {
      found = readMails(dataDir).filter((m) => m.to === to && subject.test(m.subject));
      if (found.length < count) throw new Error(`${found.length}/${count} e-mails to ${to} (${subject})`);
    },
    { timeout: 25_000, interval: 200 },
  );
  return found;
}

/** The first link of `text` that starts with `prefix`. */
export function linkIn(text: string, prefix: string): string {
  const start = text.indexOf(prefix);
  if (start < 0) throw new Error(`no link ${prefix} in:\n${text}`);
  return text.slice(start).split(/\s/)[0]!;
}

/**
 * Creates an account through the account API and opens it with the confirmation link of its
 * e-mail (ADR 042), in the same browser, as its owner would; returns the session cookie.
 */
export async function signUpVerified(
  server: { url: string; dataDir: string },
  account: { email: string; password: string; firstName: string; lastName: string },
): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({ ...account, name: `${account.firstName} ${account.lastName}` }),
  });
  if (!res.ok) throw new Error(`sign-up failed ${res.status}: ${await res.text()}`);
  const [mail] = await waitForMails(server.dataDir, account.email, /^Confirmez votre adresse/);
  // In the browser that signed up (ADR 066): the password chosen there stays.
  const signUpCookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const verified = await fetch(linkIn(mail!.text, `${server.url}/api/auth/verify-email?`), {
    redirect: "manual",
    headers: { cookie: signUpCookie },
  });
  return verified.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
