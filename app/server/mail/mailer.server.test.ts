import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createFileMailer, listStoredMails } from "./mailer.server";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the file mailer (no SMTP_URL)", () => {
  it("never shows a reader half of a mail's summary, even while mails are being written", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mail-"));
    dirs.push(dir);
    const mailer = createFileMailer(dir, "Lavage <bonjour@example.com>");
    const text = "Bonjour ".repeat(20_000);
    let sending = true;
    const reads: Promise<void>[] = [];
    const reader = (async () => {
      while (sending) {
        for (const name of fs.readdirSync(dir).filter((n) => n.endsWith(".json"))) {
          // Every .json a reader can list parses whole.
          expect(() => JSON.parse(fs.readFileSync(path.join(dir, name), "utf8"))).not.toThrow();
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    reads.push(reader);
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        mailer.send({ to: `client${i}@example.com`, subject: `Message ${i}`, text, html: `<p>${i}</p>` }),
      ),
    );
    sending = false;
    await Promise.all(reads);

    const mails = await listStoredMails(dir);
    expect(mails.map((m) => m.to).sort()).toEqual(
      Array.from({ length: 12 }, (_, i) => `client${i}@example.com`).sort(),
    );
    expect(fs.readdirSync(dir).filter((n) => !n.endsWith(".json") && !n.endsWith(".eml"))).toEqual([]);
  });
});
