import { createCookie, type Cookie } from "react-router";
import { z } from "~/lib/zod-fr";
import { env } from "./env.server";
import { remember } from "./remember.server";
import { acceptedKeysOf } from "./security/keys.server";

const FlashSchema = z.object({
  title: z.string(),
  description: z.string().optional(),
  variant: z.enum(["default", "destructive"]).default("default"),
});
export type Flash = z.output<typeof FlashSchema>;
type FlashInput = z.input<typeof FlashSchema>;

const holder = remember("flash", (): { __flashCookie?: Cookie; __cookieSecrets?: string[] } => ({}));

/** Whether the site is served over HTTPS (PUBLIC_URL), so that cookies must be Secure. */
export function isSecureSite(publicUrl: string = env().PUBLIC_URL): boolean {
  return publicUrl.toLowerCase().startsWith("https:");
}

/**
 * The signing secrets of our cookies: the "signed-cookie" key signs (ADR 101); a cookie signed
 * before with the server secret itself still reads (React Router tries each secret in turn).
 */
function cookieSecrets(secret: string): string[] {
  const [current, legacy] = acceptedKeysOf(secret, "signed-cookie");
  return [current!.toString("base64url"), legacy!.toString("utf8")];
}

/**
 * Signs the flash cookie with the "signed-cookie" key (called once at boot). Secure when the
 * site is served over HTTPS, like better-auth's cookies (ADR 043).
 */
export function configureFlash(secret: string, { secure = isSecureSite() }: { secure?: boolean } = {}): void {
  const secrets = cookieSecrets(secret);
  holder.__cookieSecrets = secrets;
  holder.__flashCookie = createCookie("flash", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
    maxAge: 60,
    secrets,
  });
}

/**
 * Another cookie signed with the "signed-cookie" key, with the flash cookie's safety flags (httpOnly,
 * SameSite=Lax, Secure over HTTPS): e.g. the receipt of a sent franchise application.
 */
export function signedCookie(
  name: string,
  { path = "/", maxAge }: { path?: string; maxAge: number },
): Cookie {
  if (!holder.__cookieSecrets) throw new Error("cookies not configured (bootstrap not run)");
  return createCookie(name, {
    path,
    httpOnly: true,
    sameSite: "lax",
    secure: isSecureSite(),
    maxAge,
    secrets: holder.__cookieSecrets,
  });
}

function cookie(): Cookie {
  if (!holder.__flashCookie) throw new Error("flash cookie not configured (bootstrap not run)");
  return holder.__flashCookie;
}

/** Headers that carry a one-time toast to the next page (read by the root loader). */
export async function flashHeaders(flash: FlashInput, headers: Headers = new Headers()): Promise<Headers> {
  headers.append("Set-Cookie", await cookie().serialize(flash));
  return headers;
}

/** Reads and clears the pending toast. */
export async function readFlash(request: Request): Promise<{ flash: Flash | null; headers: Headers }> {
  const headers = new Headers();
  const raw: unknown = await cookie().parse(request.headers.get("Cookie"));
  if (raw === null || raw === undefined || raw === false) return { flash: null, headers };
  headers.append("Set-Cookie", await cookie().serialize("", { maxAge: 0 }));
  const parsed = FlashSchema.safeParse(raw);
  return { flash: parsed.success ? parsed.data : null, headers };
}
