import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { paintFirstTransform } from "./paint-first.server";

const page =
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry-é.js" nonce="n1"/>' +
  '<link rel="modulepreload" href="/assets/root.js" nonce="n1"/><style>p{}</style></head>' +
  "<body><p>Texte « accentué » de la page</p>" +
  '<script nonce="n1">window.__reactRouterContext={}</script>' +
  '<script nonce="n1" type="module" async="">import * as route0 from "/assets/root.js";</script>' +
  '<script nonce="n1">window.__reactRouterContext.streamController.enqueue("x")</script>' +
  "<p>Après le démarrage « € 😀 »</p></body></html>";

async function run(chunks: Buffer[], nonce = "n1"): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of Readable.from(chunks).pipe(paintFirstTransform(nonce))) parts.push(part);
  return Buffer.concat(parts).toString("utf8");
}

describe("paintFirstTransform", () => {
  it("takes the preloads out, makes the boot script inert and calls the boot after it", async () => {
    const out = await run([Buffer.from(page)]);
    expect(out).not.toContain("modulepreload");
    expect(out).toContain('<script nonce="n1" type="lavage/module">import * as route0');
    expect(out).toContain(
      '</script><script nonce="n1">__lavageBoot(["/assets/entry-é.js","/assets/root.js"])</script>',
    );
    expect(out).toContain("<p>Texte « accentué » de la page</p>");
    expect(out.endsWith("</body></html>")).toBe(true);
  });

  it("gives the same page whatever the chunk boundaries, multibyte characters included", async () => {
    const whole = await run([Buffer.from(page)]);
    const bytes = Buffer.from(page);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await run([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(whole);
    }
    const byteByByte = [...bytes].map((b) => Buffer.from([b]));
    expect(await run(byteByByte)).toBe(whole);
  });

  it("gives the same page cut anywhere in three chunks around the boot script", async () => {
    const whole = await run([Buffer.from(page)]);
    expect(whole).toContain("<p>Après le démarrage « € 😀 »</p></body></html>");
    const bytes = Buffer.from(page);
    const boot = bytes.indexOf(' type="module"');
    for (let first = boot - 8; first < bytes.length; first++) {
      for (let second = first + 1; second < Math.min(bytes.length, first + 12); second++) {
        const chunks = [bytes.subarray(0, first), bytes.subarray(first, second), bytes.subarray(second)];
        expect(await run(chunks)).toBe(whole);
      }
    }
  });

  it("leaves a preload link of another shape as it is", async () => {
    const other = page.replace(
      '<link rel="modulepreload" href="/assets/root.js"',
      '<link rel="modulepreload" as="x"',
    );
    const out = await run([Buffer.from(other)]);
    expect(out).toContain('<link rel="modulepreload" as="x" nonce="n1"/>');
    expect(out).toContain('__lavageBoot(["/assets/entry-é.js"])');
  });

  it("leaves a page without a boot script as it is", async () => {
    const plain = '<html><body><p>Erreur</p><link rel="modulepreload" oops</body></html>';
    expect(await run([Buffer.from(plain)])).toBe(plain);
  });

  it("omits the nonce when the response has none", async () => {
    expect(await run([Buffer.from(page)], "")).toContain("<script>__lavageBoot(");
  });
});
