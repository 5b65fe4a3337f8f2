import { describe, expect, it } from "vitest";

import { offlineGeocoder } from "./geocoder";
import { locate } from "./locate";

describe("offlineGeocoder", () => {
  it("resolves to what locate returns, with no network", async () => {
    await expect(offlineGeocoder.locate("J2G 1A1")).resolves.toEqual(locate("J2G 1A1"));
    await expect(offlineGeocoder.locate("")).resolves.toEqual({ kind: "empty" });
  });
});
