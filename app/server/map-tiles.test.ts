import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";
import { tileSource } from "./map-tiles.server";

describe("map tiles from configuration (ADR 053)", () => {
  it("allows the tile server's origin only, with a wildcard for {s} subdomains", () => {
    expect(tileSource(undefined)).toBeNull();
    expect(tileSource("https://tiles.example.com/styles/{z}/{x}/{y}.png")).toBe("https://tiles.example.com");
    expect(tileSource("https://{s}.tile.example.org/{z}/{x}/{y}.png")).toBe("https://*.tile.example.org");
  });

  it("refuses a MAP_TILE_URL that is not a tile template; unset means no tiles", () => {
    expect(parseEnv({}).MAP_TILE_URL).toBeUndefined();
    expect(parseEnv({ MAP_TILE_URL: "" }).MAP_TILE_URL).toBeUndefined();
    expect(() => parseEnv({ MAP_TILE_URL: "tiles.example.com" })).toThrow(/MAP_TILE_URL/);
    expect(parseEnv({ MAP_TILE_URL: "https://t.example.com/{z}/{x}/{y}.png" }).MAP_TILE_URL).toBe(
      "https://t.example.com/{z}/{x}/{y}.png",
    );
  });
});
