import { describe, expect, it } from "vitest";
import { itineraryLinks, itineraryStop } from "./itinerary";

const base = { latitude: 45.4001, longitude: -72.7324 };
const stops = [
  { address: "10 rue du Sud, Cowansville" },
  { address: "200 rue Principale, Cowansville J2K 1J4", latitude: 45.2, longitude: -72.74 },
  { address: "12 rue du Sud, Cowansville" },
];

describe("the day's route in a map app", () => {
  it("goes from the base through every stop to the last, by car, in Google Maps", () => {
    const url = new URL(itineraryLinks(base, stops)!.google);
    expect(url.origin + url.pathname).toBe("https://www.google.com/maps/dir/");
    expect(url.searchParams.get("api")).toBe("1");
    expect(url.searchParams.get("origin")).toBe("45.4001,-72.7324");
    expect(url.searchParams.get("destination")).toBe("12 rue du Sud, Cowansville");
    expect(url.searchParams.get("waypoints")).toBe(
      "10 rue du Sud, Cowansville|200 rue Principale, Cowansville J2K 1J4",
    );
    expect(url.searchParams.get("travelmode")).toBe("driving");
  });

  it("gives Apple Plans the start and every stop joined by +to:", () => {
    const apple = itineraryLinks(base, stops)!.apple;
    expect(apple).toBe(
      "https://maps.apple.com/?saddr=45.4001%2C-72.7324" +
        "&daddr=10%20rue%20du%20Sud%2C%20Cowansville+to:200%20rue%20Principale%2C%20Cowansville%20J2K%201J4" +
        "+to:12%20rue%20du%20Sud%2C%20Cowansville&dirflg=d",
    );
  });

  it("uses a stop's point when it has no address, skips a stop with neither", () => {
    const links = itineraryLinks(null, [
      { address: " ", latitude: 45.1, longitude: -72.5 },
      { address: null },
      { address: "1 rue A, Granby" },
    ])!;
    const url = new URL(links.google);
    expect(url.searchParams.has("origin")).toBe(false);
    expect(url.searchParams.get("waypoints")).toBe("45.1,-72.5");
    expect(url.searchParams.get("destination")).toBe("1 rue A, Granby");
    expect(links.apple).toBe(
      "https://maps.apple.com/?daddr=45.1%2C-72.5+to:1%20rue%20A%2C%20Granby&dirflg=d",
    );
  });

  it("has one stop as the destination without waypoints, and nothing without a stop", () => {
    const url = new URL(itineraryLinks(base, [{ address: "1 rue A, Granby" }])!.google);
    expect(url.searchParams.get("destination")).toBe("1 rue A, Granby");
    expect(url.searchParams.has("waypoints")).toBe(false);
    expect(itineraryLinks(base, [])).toBeNull();
    expect(itineraryLinks(base, [{ address: "" }])).toBeNull();
  });

  it("keeps Google's 9 waypoints and gives Apple every stop", () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ address: `${i + 1} rue A` }));
    const links = itineraryLinks(base, many)!;
    const url = new URL(links.google);
    expect(url.searchParams.get("waypoints")!.split("|")).toHaveLength(9);
    expect(url.searchParams.get("destination")).toBe("12 rue A");
    expect(links.apple.split("+to:")).toHaveLength(12);
  });
});

describe("a stop for a map app", () => {
  it("adds the town when the address lacks it, and keeps the point", () => {
    expect(
      itineraryStop({ address: "10 rue du Sud", city: "Cowansville", point: { lat: 45.2, lon: -72.7 } }),
    ).toEqual({ address: "10 rue du Sud, Cowansville", latitude: 45.2, longitude: -72.7 });
    expect(
      itineraryStop({ address: "10 rue du Sud, Cowansville", city: "Cowansville", point: null }),
    ).toEqual({
      address: "10 rue du Sud, Cowansville",
      latitude: undefined,
      longitude: undefined,
    });
  });
});
