import { describe, expect, it } from "vitest";
import { CrewStatusSchema } from "./schemas";

const ID = "7f1d1c1e-7a0b-4c1e-9d3e-3d2b1a0f9e8d";

describe("a crew status tap (ADR 078)", () => {
  it("takes the position only with both coordinates in range", () => {
    expect(
      CrewStatusSchema.parse({ appointmentId: ID, status: "en_route", lat: "45.4", lon: "-72.7" }),
    ).toEqual({
      appointmentId: ID,
      status: "en_route",
      position: { lat: 45.4, lon: -72.7 },
    });
    expect(
      CrewStatusSchema.parse({ appointmentId: ID, status: "arrived", lat: "", lon: "" }).position,
    ).toBeNull();
    expect(CrewStatusSchema.parse({ appointmentId: ID, status: "arrived", lat: "45.4" }).position).toBeNull();
    expect(
      CrewStatusSchema.safeParse({ appointmentId: ID, status: "en_route", lat: "95", lon: "0" }).success,
    ).toBe(false);
  });

  it("refuses an unknown step or id", () => {
    expect(CrewStatusSchema.safeParse({ appointmentId: ID, status: "parti" }).success).toBe(false);
    expect(CrewStatusSchema.safeParse({ appointmentId: "1", status: "arrived" }).success).toBe(false);
  });
});
