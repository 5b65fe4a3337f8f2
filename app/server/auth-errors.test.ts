import { describe, expect, it } from "vitest";
import { inFrench } from "./auth-errors.server";

function answer(status: number, body: unknown, type = "application/json") {
  return new Response(typeof body === "string" ? body : JSON.stringify(body), {
    status,
    headers: { "content-type": type, "set-cookie": "a=b" },
  });
}

describe("inFrench", () => {
  it("puts better-auth's messages in French and keeps the code, the status and the headers", async () => {
    const out = await inFrench(
      answer(401, { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" }),
    );
    expect(out.status).toBe(401);
    expect(out.headers.get("set-cookie")).toBe("a=b");
    expect(await out.json()).toEqual({
      code: "INVALID_EMAIL_OR_PASSWORD",
      message: "Courriel ou mot de passe incorrect.",
    });
    const taken = await inFrench(
      answer(422, { code: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL", message: "x" }),
    );
    expect((await taken.json()).message).toBe("Un compte existe déjà avec cette adresse courriel.");
  });

  it("gives an unknown code, or none, its status's French message", async () => {
    const limited = await inFrench(answer(429, { message: "Too many requests. Please try again later." }));
    expect(await limited.json()).toEqual({
      message: "Trop de tentatives en peu de temps. Veuillez réessayer dans une minute.",
    });
    const odd = await inFrench(answer(400, { code: "SOMETHING_NEW", message: "Something new" }));
    expect(await odd.json()).toEqual({
      code: "SOMETHING_NEW",
      message: "Requête invalide : vérifiez les champs envoyés.",
    });
  });

  it("leaves successes and bodies that are not JSON untouched", async () => {
    const ok = answer(200, { token: "t" });
    expect(await inFrench(ok)).toBe(ok);
    const text = answer(404, "Not found", "text/plain");
    expect(await inFrench(text)).toBe(text);
    const broken = answer(400, "{oops");
    expect(await inFrench(broken)).toBe(broken);
  });
});
