import { describe, expect, it } from "vitest";
import { priceBooking } from "./pricing";
import {
  bookedVehicles,
  carsByClass,
  priceVehicles,
  resizeVehicles,
  vehicleLabel,
  vehiclePriceCents,
} from "./vehicles";

const auto = { slug: "auto", name: "Auto", differenceCents: 0 };
const vus = { slug: "vus", name: "VUS", differenceCents: 3000 };
const compacte = { slug: "compacte", name: "Compacte", differenceCents: -2000 };

describe("vehiclePriceCents", () => {
  it("adds the class's difference to the base price", () => {
    expect(vehiclePriceCents(14999, 0)).toBe(14999);
    expect(vehiclePriceCents(14999, 3000)).toBe(17999);
    expect(vehiclePriceCents(14999, -2000)).toBe(12999);
  });

  it("never goes below 0", () => {
    expect(vehiclePriceCents(1000, -5000)).toBe(0);
  });

  it("refuses cents that are not integers", () => {
    expect(() => vehiclePriceCents(14999.5, 0)).toThrow(RangeError);
    expect(() => vehiclePriceCents(14999, 0.5)).toThrow(RangeError);
    expect(() => vehiclePriceCents(-1, 0)).toThrow(RangeError);
  });
});

describe("priceVehicles and priceBooking", () => {
  it("prices each car by its class and adds them up before the taxes", () => {
    const cars = priceVehicles(14999, [
      { sizeClass: auto, label: "Honda Civic 2019, bleu", vehicleId: "a" },
      { sizeClass: vus, label: "Toyota RAV4 2022, gris", vehicleId: "b" },
    ]);
    expect(cars.map((c) => [c.sizeClassName, c.priceCents])).toEqual([
      ["Auto", 14999],
      ["VUS", 17999],
    ]);
    const price = priceBooking({ unitPriceCents: 14999, cars: 2, vehicles: cars });
    expect(price.servicesCents).toBe(32998);
    expect(price.tpsCents).toBe(1650); // 1649.9
    expect(price.tvqCents).toBe(3292); // 3291.55... -> 3292
    expect(price.totalCents).toBe(price.taxableCents + price.tpsCents + price.tvqCents);
  });

  it("gives the same price as a bare count when every car is of the standard class", () => {
    const cars = priceVehicles(14999, [{ sizeClass: auto }, { sizeClass: auto }, { sizeClass: auto }]);
    expect(priceBooking({ unitPriceCents: 14999, cars: 3, vehicles: cars })).toEqual(
      priceBooking({ unitPriceCents: 14999, cars: 3 }),
    );
  });

  it("takes a smaller class's discount and the promo off before the taxes", () => {
    const cars = priceVehicles(14999, [{ sizeClass: compacte }]);
    const price = priceBooking({ unitPriceCents: 14999, cars: 1, vehicles: cars, discountCents: 1000 });
    expect(price).toMatchObject({ servicesCents: 12999, discountCents: 1000, taxableCents: 11999 });
  });

  it("refuses a list that does not hold one price per car", () => {
    expect(() => priceBooking({ unitPriceCents: 14999, cars: 2, vehicles: [{ priceCents: 14999 }] })).toThrow(
      RangeError,
    );
  });
});

describe("bookedVehicles", () => {
  it("reads a bare count as that many cars of the standard class", () => {
    expect(bookedVehicles({ cars: 2, unitPriceCents: 14999, vehicles: null })).toEqual([
      { sizeClass: "auto", sizeClassName: "Auto", label: null, vehicleId: null, priceCents: 14999 },
      { sizeClass: "auto", sizeClassName: "Auto", label: null, vehicleId: null, priceCents: 14999 },
    ]);
  });

  it("keeps a booking's own snapshot", () => {
    const vehicles = priceVehicles(14999, [{ sizeClass: vus, label: "Ford F-150 2020, noir" }]);
    expect(bookedVehicles({ cars: 1, unitPriceCents: 14999, vehicles })).toEqual(vehicles);
  });
});

describe("vehicleLabel", () => {
  it("names a saved vehicle", () => {
    expect(vehicleLabel({ make: "Honda", model: "Civic", year: 2019, colour: "bleu" })).toBe(
      "Honda Civic 2019, bleu",
    );
  });
});

describe("resizeVehicles", () => {
  const two = {
    cars: 2,
    unitPriceCents: 14999,
    vehicles: priceVehicles(14999, [{ sizeClass: vus }, { sizeClass: auto }]),
  };

  it("keeps the first cars and adds standard ones at the unit price", () => {
    expect(resizeVehicles(two, 1)!.map((c) => c.sizeClass)).toEqual(["vus"]);
    expect(resizeVehicles(two, 3)!.map((c) => [c.sizeClass, c.priceCents])).toEqual([
      ["vus", 17999],
      ["auto", 14999],
      ["auto", 14999],
    ]);
  });

  it("leaves a bare count bare", () => {
    expect(resizeVehicles({ cars: 2, unitPriceCents: 14999, vehicles: null }, 3)).toBeNull();
  });
});

describe("carsByClass", () => {
  it("counts the cars and their revenue per class, bare counts as the standard class", () => {
    expect(
      carsByClass([
        { cars: 2, unitPriceCents: 14999, vehicles: null },
        {
          cars: 2,
          unitPriceCents: 14999,
          vehicles: priceVehicles(14999, [{ sizeClass: vus }, { sizeClass: auto }]),
        },
      ]),
    ).toEqual([
      { name: "Auto", cars: 3, revenueCents: 3 * 14999 },
      { name: "VUS", cars: 1, revenueCents: 17999 },
    ]);
  });
});
