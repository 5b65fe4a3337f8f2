import { describe, expect, it } from "vitest";
import {
  ApplicationDecisionSchema,
  RefusalSchema,
  refusalReason,
  ServiceFormSchema,
  ZoneFormSchema,
} from "./schemas";
import { adminMessages } from "~/lib/messages/admin.fr";

const a = adminMessages;
const ID = "7f1d1c1e-7a0b-4c1e-9d3e-3d2b1a0f9e8d";

function issues(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
}

describe("ServiceFormSchema", () => {
  it("reads a fr-CA price and a duration", () => {
    const parsed = ServiceFormSchema.parse({ name: " Lavage ", price: "149,99 $", durationMinutes: "90" });
    expect(parsed).toEqual({ name: "Lavage", description: "", price: 14_999, durationMinutes: 90 });
    expect(ServiceFormSchema.parse({ name: "x", price: "20.5", durationMinutes: "30" }).price).toBe(2_050);
  });

  it("answers in French for every bad field", () => {
    const result = ServiceFormSchema.safeParse({ name: "", price: "abc", durationMinutes: "2" });
    expect(issues(result)).toEqual({
      name: a.services.nameRequired,
      price: a.services.priceInvalid,
      durationMinutes: a.services.durationInvalid,
    });
    expect(issues(ServiceFormSchema.safeParse({}))).toMatchObject({ price: a.services.priceRequired });
  });
});

describe("ZoneFormSchema", () => {
  const zone = {
    zoneName: "Magog",
    routeSlug: "magog",
    centerLatitude: "45,2667",
    centerLongitude: "-72.15",
    serviceRadiusKm: "20",
    status: "seeking_franchisee",
    statusLabel: "Retour en 2026",
  };

  it("reads comma or dot decimals, an empty label as none", () => {
    expect(ZoneFormSchema.parse({ ...zone, statusLabel: "" })).toMatchObject({
      centerLatitude: 45.2667,
      centerLongitude: -72.15,
      serviceRadiusKm: 20,
      statusLabel: null,
      franchiseeId: null,
    });
  });

  it("refuses a bad slug, out-of-range coordinates and an active zone without franchisee", () => {
    const result = ZoneFormSchema.safeParse({
      ...zone,
      routeSlug: "Magog City",
      centerLatitude: "95",
      centerLongitude: "abc",
      serviceRadiusKm: "0",
    });
    expect(issues(result)).toEqual({
      routeSlug: a.coverage.slugInvalid,
      centerLatitude: a.coverage.latitudeInvalid,
      centerLongitude: a.coverage.longitudeInvalid,
      serviceRadiusKm: a.coverage.radiusInvalid,
    });
    expect(issues(ZoneFormSchema.safeParse({ ...zone, status: "active" }))).toEqual({
      franchiseeId: a.coverage.activeNeedsFranchisee,
    });
    expect(ZoneFormSchema.safeParse({ ...zone, status: "active", franchiseeId: ID }).success).toBe(true);
  });
});

describe("ApplicationDecisionSchema", () => {
  it("takes the chosen zones once each, or none", () => {
    expect(
      ApplicationDecisionSchema.parse({ intent: "approve", applicationId: ID, zoneIds: [ID, ID] }),
    ).toEqual({
      intent: "approve",
      applicationId: ID,
      zoneIds: [ID],
    });
    expect(ApplicationDecisionSchema.parse({ intent: "approve", applicationId: ID })).toMatchObject({
      zoneIds: [],
    });
    expect(ApplicationDecisionSchema.safeParse({ intent: "delete", applicationId: ID }).success).toBe(false);
  });
});

describe("refusing an application", () => {
  const id = "0b8e7c1e-8f6a-4c1e-9a51-2f0c6a1d2e3f";
  it("needs a reason, and a text for 'other'", () => {
    expect(RefusalSchema.safeParse({ intent: "reject", applicationId: id }).success).toBe(false);
    const other = RefusalSchema.safeParse({ intent: "reject", applicationId: id, reasonChoice: "other" });
    expect(other.success).toBe(false);
    expect(other.error?.issues[0]?.path).toEqual(["reasonText"]);
    const chosen = RefusalSchema.parse({
      intent: "reject",
      applicationId: id,
      reasonChoice: "funds",
      reasonText: "  revenir dans un an ",
    });
    expect(refusalReason(chosen)).toBe("Financement insuffisant pour démarrer — revenir dans un an");
    expect(
      refusalReason(
        RefusalSchema.parse({
          intent: "reject",
          applicationId: id,
          reasonChoice: "other",
          reasonText: "Doublon",
        }),
      ),
    ).toBe("Doublon");
  });
});
