import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import sharp from "sharp";
import { photoJpegWithGps } from "../factories/photo-jpeg";
import { signaturePng } from "../factories/signature-png";
import { APPLICATION_ANSWERS, applicationForm, signatureBlob } from "./franchise-application-form";
import { startHttpReceiver, type HttpReceiver } from "../receivers/http-receiver";
import { linkIn, waitForMails } from "./mail-folder";
import { signIn, startServer, type RunningServer } from "./server";

const PASSWORD = "Demo12345!";
const ENDPOINT = "/api/franchise-applications";
const png = signaturePng();

let ipCounter = 0;
/** Each test speaks from its own address (TRUST_PROXY=1): the rate limit of one never blocks another. */
function freshIp(): string {
  ipCounter += 1;
  return `198.51.100.${ipCounter}`;
}

async function post(
  server: RunningServer,
  body: BodyInit,
  headers: Record<string, string> = {},
  ip = freshIp(),
) {
  const res = await fetch(`${server.url}${ENDPOINT}`, {
    method: "POST",
    body,
    headers: { "x-forwarded-for": ip, "user-agent": "http-test/1.0", ...headers },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The delivered application of this e-mail, once the in-process worker sent it. */
async function delivered(hooks: HttpReceiver, email: string): Promise<Record<string, unknown>> {
  let found: Record<string, unknown> | undefined;
  await vi.waitFor(
    () => {
      found = hooks.requests
        .map((r) => JSON.parse(r.body) as Record<string, unknown>)
        .find((b) => b.email === email);
      expect(found).toBeDefined();
    },
    { timeout: 20_000, interval: 200 },
  );
  return found!;
}

/** The delivered applications' signature URLs, by e-mail, once the in-process worker sent them. */
async function deliveredSignatureUrl(hooks: HttpReceiver, email: string): Promise<string> {
  let url = "";
  await vi.waitFor(
    () => {
      const delivery = hooks.requests
        .map((r) => JSON.parse(r.body) as Record<string, unknown>)
        .find((b) => b.email === email);
      expect(delivery).toBeDefined();
      url = String(delivery!.signature_url);
    },
    { timeout: 20_000, interval: 200 },
  );
  return new URL(url).pathname;
}

function suite(name: string, setup: () => Promise<Record<string, string>>) {
  describe(`POST /api/franchise-applications and the signature files [${name}]`, () => {
    let server: RunningServer;
    let hooks: HttpReceiver;
    const cookies = new Map<string, string>();

    beforeAll(async () => {
      hooks = await startHttpReceiver();
      server = await startServer({
        DEMO_ACCOUNTS: "1",
        TRUST_PROXY: "1",
        APPLICATION_WEBHOOK_URL: `${hooks.url}/hooks/applications`,
        ...(await setup()),
      });
      cookies.set("anonymous", "");
      for (const who of ["client", "franchisee", "admin"]) {
        cookies.set(who, await signIn(server.url, `${who}@example.com`, PASSWORD));
      }
    });

    afterAll(async () => {
      await server?.stop();
      await hooks?.close();
    });

    it("saves a multipart application (201), delivers the webhook, and serves the signature to the admin only", async () => {
      const saved = await post(server, applicationForm("lea@example.com"));
      expect(saved).toEqual({ status: 201, body: { id: expect.stringMatching(/^[0-9a-f-]{36}$/) } });

      const signaturePath = await deliveredSignatureUrl(hooks, "lea@example.com");
      expect(signaturePath).toMatch(/^\/files\/signatures\/signature_[0-9a-f-]{36}\.png$/);

      const asAdmin = await fetch(`${server.url}${signaturePath}`, {
        headers: { cookie: cookies.get("admin")! },
      });
      expect(asAdmin.status).toBe(200);
      expect(asAdmin.headers.get("content-type")).toBe("image/png");
      expect(asAdmin.headers.get("cache-control")).toBe("private, no-store");
      expect(Buffer.from(await asAdmin.arrayBuffer())).toEqual(png);

      // Signed out: to /auth with the way back (ADR 042); signed in without the role: home.
      for (const who of ["anonymous", "client", "franchisee"]) {
        const res = await fetch(`${server.url}${signaturePath}`, {
          headers: { cookie: cookies.get(who)! },
          redirect: "manual",
        });
        expect(res.status, who).toBe(302);
        expect(res.headers.get("location"), who).toBe(
          who === "anonymous" ? `/auth?redirectTo=${encodeURIComponent(signaturePath!)}` : "/",
        );
      }
    });

    it("takes the candidate's photo, serves it to the admin only, and the webhook's signed link opens it (ADR 076)", async () => {
      const form = applicationForm("photo@example.com");
      form.set(
        "photo",
        new Blob([new Uint8Array(await photoJpegWithGps())], { type: "image/jpeg" }),
        "moi.jpg",
      );
      expect((await post(server, form)).status).toBe(201);

      const hook = await delivered(hooks, "photo@example.com");
      const link = new URL(String(hook.photo_url));
      expect(link.pathname).toMatch(/^\/files\/application-photos\/photo_[0-9a-f-]{36}\.webp$/);
      expect(link.searchParams.get("expires")).toMatch(/^\d+$/);

      // The signed link, without any session: the photo, re-encoded, with no GPS position left.
      const byLink = await fetch(`${server.url}${link.pathname}${link.search}`);
      expect(byLink.status).toBe(200);
      expect(byLink.headers.get("content-type")).toBe("image/webp");
      expect(byLink.headers.get("cache-control")).toBe("private, no-store");
      expect(byLink.headers.get("x-content-type-options")).toBe("nosniff");
      const bytes = Buffer.from(await byLink.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.exif).toBeUndefined();

      const asAdmin = await fetch(`${server.url}${link.pathname}`, {
        headers: { cookie: cookies.get("admin")! },
      });
      expect(asAdmin.status).toBe(200);
      expect(Buffer.from(await asAdmin.arrayBuffer())).toEqual(bytes);

      // Without the link: anonymous, client and franchisee are sent away like from an admin page;
      // a forged, altered or expired link is no link.
      const token = link.searchParams.get("token")!;
      const tampered = [
        "",
        `?expires=${link.searchParams.get("expires")}&token=${token.slice(1)}A`,
        `?expires=${Number(link.searchParams.get("expires")) + 3600}&token=${token}`,
        `?expires=1000000000&token=${token}`,
      ];
      for (const who of ["anonymous", "client", "franchisee"]) {
        for (const search of tampered) {
          const res = await fetch(`${server.url}${link.pathname}${search}`, {
            headers: { cookie: cookies.get(who)! },
            redirect: "manual",
          });
          expect(res.status, `${who} ${search}`).toBe(302);
          const location = res.headers.get("location")!;
          if (who === "anonymous") {
            expect(location).toMatch(/^\/auth\?redirectTo=/);
            expect(new URL(location, server.url).searchParams.get("redirectTo")).toBe(
              `${link.pathname}${search}`,
            );
          } else {
            expect(location, who).toBe("/");
          }
        }
      }
    });

    it("refuses a photo that is not an image (422 at the photo field); an empty file input is no photo", async () => {
      const form = applicationForm("pas-photo@example.com");
      form.set("photo", new Blob(["%PDF-1.7 pas une photo"], { type: "image/jpeg" }), "moi.jpg");
      const res = await post(server, form);
      expect(res).toMatchObject({
        status: 422,
        body: {
          code: "FILE_TYPE",
          error: "Ce fichier n'est pas une photo JPEG, PNG ou WebP. Choisissez une autre image.",
          result: {
            error: {
              photo: ["Ce fichier n'est pas une photo JPEG, PNG ou WebP. Choisissez une autre image."],
            },
          },
        },
      });
      // An untouched file input sends an empty, nameless file: no photo, saved.
      const untouched = applicationForm("sans-photo@example.com");
      untouched.set("photo", new File([], "", { type: "application/octet-stream" }));
      expect((await post(server, untouched)).status).toBe(201);
      const heic = applicationForm("heic@example.com");
      heic.set("photo", new Blob(["...ftypheic"], { type: "image/heic" }), "IMG_0001.HEIC");
      expect(await post(server, heic)).toMatchObject({ status: 400, body: { code: "VALIDATION" } });
    });

    it("keeps the answers of a page form refused without JavaScript, and asks for the photo again", async () => {
      const form = applicationForm("pas-un-courriel");
      form.set(
        "photo",
        new Blob([new Uint8Array(await photoJpegWithGps())], { type: "image/jpeg" }),
        "moi.jpg",
      );
      const res = await fetch(`${server.url}/application`, {
        method: "POST",
        body: form,
        headers: { origin: server.url, accept: "text/html", "x-forwarded-for": freshIp() },
      });
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain("Veuillez entrer une adresse courriel valide.");
      expect(html).toContain("Ford Transit 2021");
      expect(html).toContain('value="Granby"');
      expect(html).toContain("Votre photo n&#x27;a pas été conservée");
    });

    it("answers 404 to the admin for unknown or malformed signature names", async () => {
      for (const name of [
        "signature_00000000-0000-4000-8000-000000000000.png",
        "signature_nope.png",
        "..%2F..%2Fdb%2Fdata",
        "signature_00000000-0000-4000-8000-000000000000.png.bak",
      ]) {
        const res = await fetch(`${server.url}/files/signatures/${name}`, {
          headers: { cookie: cookies.get("admin")! },
        });
        expect(res.status, name).toBe(404);
      }
    });

    it("accepts JSON with the signature as a data URL", async () => {
      const res = await post(
        server,
        JSON.stringify({
          ...APPLICATION_ANSWERS,
          has_drivers_license: false,
          email: "json@example.com",
          signature: `data:image/png;base64,${png.toString("base64")}`,
        }),
        { "content-type": "application/json" },
      );
      expect(res.status).toBe(201);
    });

    it("lets an unconfirmed application neither block nor reveal its address (issue 29 item 6)", async () => {
      // Someone applies with another person's address and never confirms it.
      expect((await post(server, applicationForm("autrui@example.com"))).status).toBe(201);
      // The owner of the address applies: saved, nothing said of the other one.
      const owner = await post(server, applicationForm("AUTRUI@example.com"));
      expect(owner).toEqual({ status: 201, body: { id: expect.stringMatching(/^[0-9a-f-]{36}$/) } });
    });

    it("refuses the same e-mail again with EMAIL_ALREADY_EXISTS (409) once the first is confirmed", async () => {
      expect((await post(server, applicationForm("double@example.com"))).status).toBe(201);
      const [mail] = await waitForMails(server.dataDir, "double@example.com", /bien reçu votre candidature/);
      const link = new URL(linkIn(mail!.text, `${server.url}/application/confirm?`));
      const confirmed = await fetch(link, {
        method: "POST",
        redirect: "manual",
        headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          id: link.searchParams.get("id")!,
          token: link.searchParams.get("token")!,
        }),
      });
      expect(confirmed.status).toBeLessThan(400);
      const again = await post(server, applicationForm("DOUBLE@example.com"));
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({
        code: "EMAIL_ALREADY_EXISTS",
        error: "Une candidature avec cette adresse courriel existe déjà.",
        result: { error: { email: ["Une candidature avec cette adresse courriel existe déjà."] } },
      });
    });

    it("answers each field's French error (400), and the spec's text when the signature is missing", async () => {
      const invalid = await post(
        server,
        applicationForm("pas-un-courriel", undefined, { city: "", background_check_consent: "" }),
      );
      expect(invalid.status).toBe(400);
      expect(invalid.body).toMatchObject({
        code: "VALIDATION",
        error: "Veuillez corriger les champs indiqués.",
        result: {
          error: {
            email: ["Veuillez entrer une adresse courriel valide."],
            city: ["La ville est requise."],
            background_check_consent: [
              "Vous devez accepter la vérification des antécédents pour soumettre votre candidature.",
            ],
          },
        },
      });
      const unsigned = await post(server, applicationForm("unsigned@example.com", null));
      expect(unsigned).toEqual({
        status: 400,
        body: { code: "SIGNATURE_REQUIRED", error: "Veuillez signer avant de soumettre votre candidature." },
      });
    });

    it("checks the upload's type and bytes: only a real 600x200 PNG", async () => {
      const jpeg = await post(
        server,
        applicationForm("jpeg@example.com", new Blob([new Uint8Array(png)], { type: "image/jpeg" })),
      );
      expect(jpeg).toMatchObject({ status: 415, body: { code: "UNSUPPORTED_MEDIA_TYPE" } });
      const gif = await post(
        server,
        applicationForm("gif@example.com", new Blob(["GIF89a fake"], { type: "image/png" })),
      );
      expect(gif).toMatchObject({
        status: 422,
        body: {
          code: "INVALID_SIGNATURE",
          error: "La signature doit être une image PNG de 600 × 200 pixels.",
        },
      });
      const small = await post(
        server,
        applicationForm("small@example.com", signatureBlob(signaturePng({ width: 300, height: 100 }))),
      );
      expect(small).toMatchObject({ status: 422, body: { code: "INVALID_SIGNATURE" } });
      const svgUrl = await post(
        server,
        JSON.stringify({
          ...APPLICATION_ANSWERS,
          email: "svg@example.com",
          signature: "data:image/svg+xml;base64,PHN2Zy8+",
        }),
        { "content-type": "application/json" },
      );
      expect(svgUrl).toMatchObject({ status: 415, body: { code: "UNSUPPORTED_MEDIA_TYPE" } });
      const text = await post(server, "first_name=Léa", { "content-type": "text/plain" });
      expect(text).toMatchObject({ status: 415, body: { code: "UNSUPPORTED_MEDIA_TYPE" } });
    });

    it("refuses bodies over the size limit (413), declared or streamed", async () => {
      const noisy = signaturePng({ noise: true });
      const large = await post(server, applicationForm("large@example.com", signatureBlob(noisy)));
      expect(large).toMatchObject({
        status: 413,
        body: { code: "PAYLOAD_TOO_LARGE", error: "La candidature envoyée est trop volumineuse." },
      });
      // No Content-Length: the server stops reading past the limit (the photo's 10 MB and 300 KB).
      const chunk = new Uint8Array(64 * 1024);
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= 170) controller.close();
          else {
            sent += 1;
            controller.enqueue(chunk);
          }
        },
      });
      const res = await fetch(`${server.url}${ENDPOINT}`, {
        method: "POST",
        body: stream,
        headers: { "content-type": "application/json", "x-forwarded-for": freshIp() },
        duplex: "half",
      } as RequestInit);
      expect(res.status).toBe(413);
    });

    it("answers 405 to GET, drops a bot's submission quietly, and limits one address to 10 an hour", async () => {
      const get = await fetch(`${server.url}${ENDPOINT}`);
      expect(get.status).toBe(405);
      expect(get.headers.get("allow")).toBe("POST");

      const bot = await post(
        server,
        applicationForm("bot@example.com", undefined, { website: "http://spam.example" }),
      );
      expect(bot.status).toBe(201);
      expect((await post(server, applicationForm("bot@example.com"))).status).toBe(201);

      const ip = freshIp();
      for (let i = 0; i < 10; i++) {
        expect((await post(server, applicationForm(`rate${i}@example.com`), {}, ip)).status).toBe(201);
      }
      const limited = await post(server, applicationForm("rate-late@example.com"), {}, ip);
      expect(limited).toEqual({
        status: 429,
        body: {
          code: "RATE_LIMITED",
          error: "Vous avez envoyé plusieurs candidatures en peu de temps. Veuillez réessayer plus tard.",
        },
      });
    });
  });
}

suite("local disk", async () => ({}));

let s3: S3rver | undefined;
const s3Directory = fs.mkdtempSync(path.join(os.tmpdir(), "lavage-http-s3-"));
afterAll(async () => {
  await s3?.close();
  fs.rmSync(s3Directory, { recursive: true, force: true });
});

suite("S3 (s3rver)", async () => {
  s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: s3Directory,
    configureBuckets: [{ name: "lavage-files" }],
  });
  const { port } = await s3.run();
  return {
    STORAGE_DRIVER: "s3",
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: "lavage-files",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "1",
  };
});
