import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { seed } from "~/server/seed/seed";
import { serviceZones } from "#db/schema";
import type { Geocoder } from "~/domain/geo/geocoder";
import { describeDatabases } from "../../../../tests/setup/db";

/** What every "not served" answer adds (issue 33): the zones served, then the waiting list. */
const SERVED_ALL = " Nous desservons actuellement Gatineau, Granby et Sherbrooke.";
const WAITLIST =
  " Inscrivez-vous à la liste d'attente : nous vous écrirons dès que nous desservirons votre secteur.";
import { checkServiceArea, locationAnswer, validatePostalCode } from "./check-service-area.server";

describeDatabases("checkServiceArea", ({ db }) => {
  beforeAll(async () => {
    await seed(db(), { demoAccounts: false });
  });

  it("accepts a Granby postal code and names the zone", async () => {
    const decision = await checkServiceArea(db(), { text: "J2G 1A1" });
    expect(decision).toMatchObject({
      inArea: true,
      code: "IN_AREA",
      city: "Granby",
      zone: { routeSlug: "granby" },
    });
    expect(locationAnswer(decision)).toEqual({
      success: true,
      data: true,
      message: "Bonne nouvelle ! Nous desservons Granby.",
      city: "Granby",
    });
  });

  it("refuses Montréal, outside every zone", async () => {
    const decision = await checkServiceArea(db(), { text: "H2X 1Y4" });
    expect(decision).toMatchObject({ inArea: false, code: "OUT_OF_AREA" });
    expect(locationAnswer(decision)).toMatchObject({
      success: true,
      data: false,
      message:
        "Désolé, cette adresse est hors de nos zones de service pour le moment." +
        " Nous desservons actuellement Gatineau, Granby et Sherbrooke." +
        WAITLIST,
    });
  });

  it("refuses Trois-Rivières, a zone still seeking its franchisee, with 'Bientôt disponible'", async () => {
    const decision = await checkServiceArea(db(), { text: "G8T" });
    expect(decision).toMatchObject({ inArea: false, code: "ZONE_NOT_ACTIVE", city: "Trois-Rivières" });
    expect(locationAnswer(decision).message).toBe(
      "Nous ne desservons pas encore Trois-Rivières (Bientôt disponible)." + SERVED_ALL + WAITLIST,
    );
  });

  it("shows the admin's label until the date it names is past (ADR 046)", async () => {
    await db()
      .update(serviceZones)
      .set({ statusLabel: "Retour en 2026" })
      .where(eq(serviceZones.routeSlug, "trois-rivieres"));
    try {
      const inMay = await checkServiceArea(db(), { text: "G8T", now: new Date("2026-05-10T12:00:00Z") });
      expect(locationAnswer(inMay).message).toBe(
        "Nous ne desservons pas encore Trois-Rivières (Retour en 2026)." + SERVED_ALL + WAITLIST,
      );
      const lateNovember = await checkServiceArea(db(), {
        text: "G8T",
        now: new Date("2026-11-25T12:00:00Z"),
      });
      expect(locationAnswer(lateNovember).message).toBe(
        "Nous ne desservons pas encore Trois-Rivières (Bientôt disponible)." + SERVED_ALL + WAITLIST,
      );
    } finally {
      await db()
        .update(serviceZones)
        .set({ statusLabel: null })
        .where(eq(serviceZones.routeSlug, "trois-rivieres"));
    }
  });

  it("answers EMPTY for blank text without asking the geocoder", async () => {
    const geocoder: Geocoder = { locate: () => Promise.reject(new Error("not called")) };
    const decision = await checkServiceArea(db(), { text: "   ", geocoder });
    expect(locationAnswer(decision)).toEqual({
      success: false,
      data: false,
      message: "Veuillez entrer une adresse ou un code postal",
      city: null,
    });
  });

  it("decides from the location an injected geocoder returns", async () => {
    const geocoder: Geocoder = {
      locate: () => Promise.resolve({ kind: "point", lat: 45.43, lon: -75.71, source: "fsa", label: "J8X" }),
    };
    const decision = await checkServiceArea(db(), { text: "n'importe quoi", geocoder });
    expect(decision).toMatchObject({ inArea: true, city: "Gatineau" });
  });

  it("validates postal codes: empty, malformed, served, not served", async () => {
    expect(await validatePostalCode(db(), { postalCode: " " })).toEqual({
      success: false,
      data: false,
      message: "Veuillez entrer un code postal.",
    });
    expect(await validatePostalCode(db(), { postalCode: "12345" })).toEqual({
      success: true,
      data: false,
      message: "Code postal invalide. Exemple : J2G 1A1.",
    });
    expect(await validatePostalCode(db(), { postalCode: "j2g1a1" })).toEqual({
      success: true,
      data: true,
      message: "Code postal valide : J2G 1A1. Bonne nouvelle ! Nous desservons Granby.",
    });
    expect(await validatePostalCode(db(), { postalCode: "H2X 1Y4" })).toMatchObject({
      success: true,
      data: false,
    });
  });

  it("refuses a zone that the database no longer marks active", async () => {
    await db()
      .update(serviceZones)
      .set({ status: "seeking_franchisee" })
      .where(eq(serviceZones.routeSlug, "granby"));
    const decision = await checkServiceArea(db(), { text: "J2G 1A1" });
    expect(decision).toMatchObject({ inArea: false, code: "ZONE_NOT_ACTIVE", city: "Granby" });
    expect(locationAnswer(decision).message).toBe(
      "Nous ne desservons pas encore Granby (Bientôt disponible)." +
        " Nous desservons actuellement Gatineau et Sherbrooke." +
        WAITLIST,
    );
  });
});
