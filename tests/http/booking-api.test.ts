import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startServer, type RunningServer } from "./server";

interface SlotsAnswer {
  zone: string;
  cars: number;
  duration_minutes: number;
  days: { date: string; slots: { start: string; end: string }[] }[];
}

interface MailSummary {
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string }[];
}

const ISO_LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00-0[45]:00$/;

describe("booking JSON API", () => {
  let server: RunningServer;
  let start: string;
  let bookingId: string;
  let token: string;

  const post = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const booking = () => ({
    zone: "granby",
    cars: 1,
    start,
    name: "Léa Tremblay",
    email: "lea.tremblay@example.com",
    phone: "450 555-0199",
    address: "123, rue Principale, Granby J2G 2T5",
  });

  beforeAll(async () => {
    server = await startServer();
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("GET /api/slots answers the open slots by day, with local offsets", async () => {
    const res = await fetch(`${server.url}/api/slots?zone=granby&cars=2&days=14`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as SlotsAnswer;
    expect(body).toMatchObject({ zone: "granby", cars: 2, duration_minutes: 180 });
    expect(body.days).toHaveLength(14);
    const slots = body.days.flatMap((d) => d.slots);
    expect(slots.length).toBeGreaterThan(0);
    for (const slot of slots) {
      expect(slot.start).toMatch(ISO_LOCAL);
      expect(slot.end).toMatch(ISO_LOCAL);
      expect(new Date(slot.end).getTime() - new Date(slot.start).getTime()).toBe(180 * 60_000);
    }
    const firstDay = body.days.find((d) => d.slots.length > 0)!;
    expect(firstDay.slots[0]!.start.slice(0, 10)).toBe(firstDay.date);
  });

  it("GET /api/slots refuses bad parameters and unknown zones in French", async () => {
    const bad = await fetch(`${server.url}/api/slots?zone=granby&cars=9&from=demain`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: "Veuillez corriger les champs indiqués.",
      fields: {
        cars: ["Le nombre de véhicules doit être de 1 à 3."],
        from: ["La date doit être au format AAAA-MM-JJ, par exemple 2026-03-09."],
      },
    });
    const unknown = await fetch(`${server.url}/api/slots?zone=laval`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: "Cette zone de service n'existe pas." });
    const inactive = await fetch(`${server.url}/api/slots?zone=trois-rivieres`);
    expect(inactive.status).toBe(409);
  });

  it("POST /api/bookings books a slot (201), then answers 409 in French for the same slot once full", async () => {
    const slots = (await (
      await fetch(`${server.url}/api/slots?zone=granby&cars=1&days=14`)
    ).json()) as SlotsAnswer;
    // Two days ahead at least, so the manage link may still cancel it (24 h rule).
    const later = Date.now() + 48 * 3_600_000;
    start = slots.days.flatMap((d) => d.slots).find((slot) => new Date(slot.start).getTime() > later)!.start;

    // Granby has three team members: three customers' bookings fill the slot (the same request
    // three times would be one booking, ADR 068). Léa's is the last: the tests below use it.
    const neighbour = (i: number) => ({ email: `voisin${i}@example.com`, phone: `450 555-010${i}` });
    for (let i = 0; i < 3; i++) {
      const res = await post("/api/bookings", { ...booking(), ...(i < 2 ? neighbour(i) : {}) });
      expect(res.status).toBe(201);
      const body = (await res.json()) as { booking_id: string; manage_url: string };
      expect(body.booking_id).toMatch(/^[0-9a-z]{10}$/);
      expect(body.manage_url).toMatch(
        new RegExp(`^${server.url}/booking/manage/${body.booking_id}\\?token=[A-Za-z0-9_-]{43}$`),
      );
      bookingId = body.booking_id;
      token = new URL(body.manage_url).searchParams.get("token")!;
    }

    const taken = await post("/api/bookings", { ...booking(), ...neighbour(3) });
    expect(taken.status).toBe(409);
    const body = (await taken.json()) as { error: string; slots: { start: string }[] };
    expect(body.error).toBe("Ce créneau vient d'être réservé. Choisissez-en un autre.");
    expect(Array.isArray(body.slots)).toBe(true);
    expect(body.slots.map((s) => s.start)).not.toContain(start);
  });

  it("POST /api/bookings answers 400 with French field errors, 422 out of the zone", async () => {
    const invalid = await post("/api/bookings", { ...booking(), phone: "123", email: "" });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({
      fields: {
        phone: ["Veuillez entrer un numéro de téléphone nord-américain valide, par exemple 450 555-0142."],
        email: ["L'adresse courriel est requise."],
      },
    });
    const notJson = await fetch(`${server.url}/api/bookings`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{",
    });
    expect(notJson.status).toBe(400);
    const outside = await post("/api/bookings", {
      ...booking(),
      address: "100 rue King Ouest, Sherbrooke J1H 1P4",
    });
    expect(outside.status).toBe(422);
    expect(((await outside.json()) as { error: string }).error).toContain(
      "hors de la zone de service de Granby",
    );
  });

  it("POST /api/bookings with an Idempotency-Key: a retry, even concurrent, answers the first booking", async () => {
    const slots = (await (
      await fetch(`${server.url}/api/slots?zone=granby&cars=1&days=14`)
    ).json()) as SlotsAnswer;
    const open = slots.days.flatMap((d) => d.slots).find((slot) => slot.start !== start)!.start;
    const request = { ...booking(), start: open, name: "Paul Retry", email: "paul.retry@example.com" };
    const postWithKey = (key: string, body: unknown) =>
      fetch(`${server.url}/api/bookings`, {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": key },
        body: JSON.stringify(body),
      });

    const answers = await Promise.all(Array.from({ length: 3 }, () => postWithKey("cle-7f3a9b", request)));
    const bodies = await Promise.all(answers.map((res) => res.json() as Promise<Record<string, unknown>>));
    expect(answers.map((res) => res.status)).toEqual([201, 201, 201]);
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
    // One booking: the slot still has room for the two other team members.
    const after = (await (
      await fetch(`${server.url}/api/slots?zone=granby&cars=1&days=14`)
    ).json()) as SlotsAnswer;
    expect(after.days.flatMap((d) => d.slots).map((slot) => slot.start)).toContain(open);

    const reused = await postWithKey("cle-7f3a9b", { ...request, cars: 2 });
    expect(reused.status).toBe(422);
    expect(((await reused.json()) as { error: string }).error).toBe(
      "Cette clé de requête a déjà servi à une autre réservation. Générez une nouvelle clé (ou rechargez la page) pour réserver autre chose.",
    );
    const malformed = await postWithKey("deux mots", request);
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: string }).error).toContain("Idempotency-Key");
  });

  it("the booking wizard's form carries its own key: the same form sent twice books once", async () => {
    const page = await (await fetch(`${server.url}/booking?where=J2G%202T5&cars=1&step=2`)).text();
    const requestKey = /name="requestKey" value="([^"]+)"/.exec(page)?.[1];
    expect(requestKey).toMatch(/^[0-9a-f-]{36}$/);
    const slots = (await (
      await fetch(`${server.url}/api/slots?zone=granby&cars=1&days=14`)
    ).json()) as SlotsAnswer;
    const open = slots.days.flatMap((d) => d.slots).find((slot) => slot.start !== start)!.start;
    const form = new URLSearchParams({
      intent: "book",
      ...booking(),
      cars: "1",
      start: open,
      name: "Julie Deuxclics",
      email: "julie.deuxclics@example.com",
      requestKey: requestKey!,
    });
    const submit = () =>
      fetch(`${server.url}/booking/granby`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
        body: form,
        redirect: "manual",
      });
    const [first, second] = await Promise.all([submit(), submit()]);
    expect([first.status, second.status]).toEqual([302, 302]);
    expect(first.headers.get("location")).toMatch(/^\/booking-success\/[0-9a-z]{10}$/);
    expect(second.headers.get("location")).toBe(first.headers.get("location"));
  });

  it("GET /api/appointments/{id}: 200 without personal data, with it for the token holder, else 404", async () => {
    const res = await fetch(`${server.url}/api/appointments/${bookingId}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      bookingId,
      status: "scheduled",
      start,
      zone: { name: "Granby", slug: "granby" },
      cars: 1,
      priceCents: 14999,
    });
    expect(body.customer).toBeUndefined();
    expect(JSON.stringify(body)).not.toMatch(/manageTokenHash|lea\.tremblay/);

    const withToken = await fetch(`${server.url}/api/appointments/${bookingId}?token=${token}`);
    expect(((await withToken.json()) as { customer?: { phone: string } }).customer?.phone).toBe(
      "+14505550199",
    );

    const missing = await fetch(`${server.url}/api/appointments/inconnu123`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: "Réservation introuvable." });
  });

  it("POST /api/update-appointment needs the manage token, then replaces the upsells and e-mails the change", async () => {
    const mails = () => {
      const dir = path.join(server.dataDir, "mail");
      return fs.existsSync(dir)
        ? fs
            .readdirSync(dir)
            .filter((f) => f.endsWith(".json"))
            .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as MailSummary)
        : [];
    };
    const priceOf = async () =>
      ((await (await fetch(`${server.url}/api/appointments/${bookingId}`)).json()) as { priceCents: number })
        .priceCents;

    // The booking id alone (it is read over the phone) changes nothing.
    for (const body of [
      { booking_id: bookingId, upsells: ["Traitement Aquapel"], city: "Granby" },
      { booking_id: bookingId, upsells: ["Traitement Aquapel"], token: "a".repeat(43) },
    ]) {
      const refused = await post("/api/update-appointment", body);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({
        success: false,
        error: "Ce lien de gestion n'est pas valide pour cette réservation.",
      });
    }
    expect(await priceOf()).toBe(14999);

    const res = await post("/api/update-appointment", {
      booking_id: bookingId,
      token,
      upsells: ["Traitement Aquapel"],
      city: "Granby",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(await priceOf()).toBe(14999 + 2000);

    // The customer gets the updated confirmation: new total, .ics, manage link.
    await vi.waitFor(
      () => expect(mails().some((m) => m.subject.startsWith("Réservation modifiée"))).toBe(true),
      { timeout: 20_000, interval: 200 },
    );
    const changed = mails().find((m) => m.subject.startsWith("Réservation modifiée"))!;
    expect(changed.to).toBe("lea.tremblay@example.com");
    // 149,99 $ + 20,00 $ = 169,99 $; TPS 8,50 $; TVQ 16,96 $; total 195,45 $.
    expect(changed.text).toMatch(/Total : 195,45\s\$/);
    expect(changed.text).toContain("Traitement Aquapel");
    expect(changed.text).toContain(`token=${token}`);
    expect(changed.attachments.map((a) => a.filename)).toEqual(["rendez-vous.ics"]);

    // The same extras again: nothing changes, nothing more is sent.
    const count = mails().length;
    const again = await post("/api/update-appointment", {
      booking_id: bookingId,
      token,
      upsells: ["aquapel"],
    });
    expect(again.status).toBe(200);
    expect(mails().length).toBe(count);
  });

  it("GET /api/appointments/{id}/calendar.ics gives the .ics with the manage token only", async () => {
    expect((await fetch(`${server.url}/api/appointments/${bookingId}/calendar.ics`)).status).toBe(404);
    const res = await fetch(`${server.url}/api/appointments/${bookingId}/calendar.ics?token=${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/calendar/);
    const ics = (await res.text()).replace(/\r\n[ \t]/g, "");
    expect(ics).toContain(
      `DTSTART:${new Date(start)
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, "")}`,
    );
    expect(ics).toMatch(/Total avec taxes : 195\\,45\s\$/);
  });

  it("the manage page answers one 404 for an unknown booking and for a wrong or missing token", async () => {
    const page = (path: string) => fetch(`${server.url}${path}`, { redirect: "manual" });
    const opened = await page(`/booking/manage/${bookingId}?token=${token}`);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain("123, rue Principale");

    const wrongToken = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    const answers = [
      await page(`/booking/manage/${bookingId}?token=${wrongToken}`),
      await page(`/booking/manage/${bookingId}`),
      await page(`/booking/manage/zzzzzzzzzz?token=${token}`),
      await page("/booking/manage/inconnu"),
    ];
    for (const res of answers) {
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain("Lien de gestion invalide ou expiré.");
      expect(html).not.toContain("rue Principale");
    }

    // The page's form: a wrong token is refused as an unknown booking would be.
    const form = (id: string, body: Record<string, string>) =>
      fetch(`${server.url}/booking/manage/${id}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
        body: new URLSearchParams(body),
        redirect: "manual",
      });
    const wrong = await form(bookingId, { intent: "cancel", token: wrongToken });
    const unknown = await form("zzzzzzzzzz", { intent: "cancel", token: wrongToken });
    expect([wrong.status, unknown.status]).toEqual([404, 404]);
  });

  it("POST /api/bookings/{id}/cancel needs the manage token", async () => {
    const wrong = await post(`/api/bookings/${bookingId}/cancel`, { token: "faux" });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({
      success: false,
      error: "Ce lien de gestion n'est pas valide pour cette réservation.",
    });

    const res = await post(`/api/bookings/${bookingId}/cancel`, { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    const after = (await (await fetch(`${server.url}/api/appointments/${bookingId}`)).json()) as {
      status: string;
    };
    expect(after.status).toBe("cancelled");

    const again = await post(`/api/bookings/${bookingId}/cancel`, { token });
    expect(again.status).toBe(409);
  });
});
