import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "./server";

describe("service-area endpoints", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  const post = (path: string, body: string) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });

  describe("POST /api/validate-location", () => {
    it("accepts an address in Granby and names the city", async () => {
      const res = await post(
        "/api/validate-location",
        JSON.stringify({ address: "123, rue Principale, Granby J2G 1A1", cities: ["Granby", "Gatineau"] }),
      );
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        success: true,
        data: true,
        message: "Bonne nouvelle ! Nous desservons Granby.",
        city: "Granby",
      });
    });

    it("refuses Montréal even when the client sends it among the cities", async () => {
      const res = await post(
        "/api/validate-location",
        JSON.stringify({ address: "H2X 1Y4", cities: ["Montréal"] }),
      );
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        success: true,
        data: false,
        message:
          "Désolé, cette adresse est hors de nos zones de service pour le moment." +
          " Nous desservons actuellement Gatineau, Granby et Sherbrooke." +
          " Inscrivez-vous à la liste d'attente : nous vous écrirons dès que nous desservirons votre secteur.",
      });
    });

    it("answers 400 with the French message for an empty address", async () => {
      const res = await post("/api/validate-location", JSON.stringify({ address: "   " }));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        success: false,
        data: false,
        message: "Veuillez entrer une adresse ou un code postal",
        city: null,
      });
    });

    it("answers 400 in French for a body that is not JSON or has the wrong types", async () => {
      for (const body of ["{not json", JSON.stringify({ address: 42 }), JSON.stringify(["J2G 1A1"])]) {
        const res = await post("/api/validate-location", body);
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({
          success: false,
          data: false,
          message: "Requête invalide : envoyez {address} en JSON.",
          city: null,
        });
      }
    });

    it("only answers POST", async () => {
      const res = await fetch(`${server.url}/api/validate-location`);
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
    });
  });

  describe("POST /api/validate-postal-code", () => {
    it("accepts a served postal code", async () => {
      const res = await post("/api/validate-postal-code", JSON.stringify({ postalCode: " j2g 1a1 " }));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        success: true,
        data: true,
        message: "Code postal valide : J2G 1A1. Bonne nouvelle ! Nous desservons Granby.",
      });
    });

    it("refuses a postal code outside the zones and a malformed one", async () => {
      const out = await post("/api/validate-postal-code", JSON.stringify({ postalCode: "H2X 1Y4" }));
      expect(await out.json()).toMatchObject({ success: true, data: false });
      const bad = await post("/api/validate-postal-code", JSON.stringify({ postalCode: "ABC" }));
      expect(bad.status).toBe(200);
      expect(await bad.json()).toEqual({
        success: true,
        data: false,
        message: "Code postal invalide. Exemple : J2G 1A1.",
      });
    });

    it("answers 400 for an empty code or a malformed body", async () => {
      const empty = await post("/api/validate-postal-code", JSON.stringify({ postalCode: "" }));
      expect(empty.status).toBe(400);
      expect(await empty.json()).toEqual({
        success: false,
        data: false,
        message: "Veuillez entrer un code postal.",
      });
      const bad = await post("/api/validate-postal-code", "{");
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ success: false, data: false });
    });
  });
});
