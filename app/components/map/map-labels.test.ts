import { describe, expect, it } from "vitest";
import {
  clusterStops,
  lineBoxes,
  mapScene,
  placeLabels,
  readableOn,
  stopBox,
  stopNumbersText,
  stopWidth,
  STOP_HEIGHT,
  textWidth,
  townBudget,
} from "./map-labels";

describe("stop numbers", () => {
  it("lists close stops' numbers, shortening runs of three or more", () => {
    expect(stopNumbersText([2])).toBe("2");
    expect(stopNumbersText([4, 3])).toBe("3, 4");
    expect(stopNumbersText([1, 2, 3, 5])).toBe("1–3, 5");
    expect(stopNumbersText([1, 3, 3, 7, 8, 9, 10])).toBe("1, 3, 7–10");
  });

  it("draws one digit in a circle and more in a pill wide enough", () => {
    expect(stopWidth("2")).toBe(STOP_HEIGHT);
    expect(stopWidth("3, 4")).toBeGreaterThan(STOP_HEIGHT);
    expect(stopWidth("1–3, 5")).toBeGreaterThan(stopWidth("3, 4"));
  });
});

describe("stops closer than a marker", () => {
  it("share one marker that names each, at their centre", () => {
    const clusters = clusterStops([
      { x: 100, y: 100, number: 1 },
      { x: 300, y: 100, number: 2 },
      { x: 106, y: 104, number: 3 },
    ]);
    expect(clusters.map((c) => c.text)).toEqual(["1, 3", "2"]);
    expect(clusters[0]).toMatchObject({ x: 103, y: 102, numbers: [1, 3] });
  });

  it("chain: a stop near a stop near another joins both", () => {
    const clusters = clusterStops([
      { x: 0, y: 0, number: 1 },
      { x: 15, y: 0, number: 2 },
      { x: 30, y: 0, number: 3 },
      { x: 60, y: 0, number: 4 },
    ]);
    expect(clusters.map((c) => c.text)).toEqual(["1–3", "4"]);
  });

  it("stay apart when the markers do not touch (after a zoom)", () => {
    const clusters = clusterStops([
      { x: 0, y: 0, number: 1 },
      { x: STOP_HEIGHT, y: 0, number: 2 },
    ]);
    expect(clusters.map((c) => c.text)).toEqual(["1", "2"]);
    expect(clusterStops([])).toEqual([]);
  });
});

describe("town names on the map", () => {
  const options = { width: 400, height: 200, max: 10, fontSize: 12 };

  it("go to the right of their point, biggest first, within the maximum", () => {
    const placed = placeLabels(
      [
        { id: "a", text: "Granby", x: 100, y: 100 },
        { id: "b", text: "Bromont", x: 100, y: 40 },
        { id: "c", text: "Waterloo", x: 200, y: 160 },
      ],
      [],
      { ...options, max: 2 },
    );
    expect(placed.map((p) => p.id)).toEqual(["a", "b"]);
    expect(placed[0]!.box).toMatchObject({ x: 107, width: textWidth("Granby", 12) });
  });

  it("move to the left, above or below rather than cover a stop number", () => {
    const stop = stopBox({ x: 140, y: 100, text: "1" });
    const [left] = placeLabels([{ id: "a", text: "Granby", x: 100, y: 100 }], [stop], options);
    expect(left!.box.x + left!.box.width).toBeLessThanOrEqual(93);
    const walls = [stop, stopBox({ x: 50, y: 100, text: "2" })];
    const [above] = placeLabels([{ id: "a", text: "Granby", x: 100, y: 100 }], walls, options);
    expect(above!.box.y + above!.box.height).toBeLessThanOrEqual(93);
  });

  it("leave out a name that fits nowhere, overlaps a placed one, or lies outside", () => {
    const small = { width: 60, height: 20, max: 10, fontSize: 12 };
    const placed = placeLabels(
      [
        { id: "a", text: "Granby", x: 5, y: 10 },
        { id: "b", text: "Granby-Est", x: 30, y: 10 },
        { id: "c", text: "Loin", x: 500, y: 10 },
        { id: "d", text: "Sous", x: 40, y: 10 },
      ],
      [],
      small,
    );
    expect(placed.map((p) => p.id)).toEqual(["a"]);
    expect(placed[0]!.box.x + placed[0]!.box.width).toBeLessThanOrEqual(small.width);
  });

  it("leave out a town whose point a placed name covers", () => {
    const placed = placeLabels(
      [
        { id: "a", text: "Beloeil", x: 100, y: 100 },
        { id: "b", text: "Mont-Saint-Hilaire", x: 115, y: 101 },
      ],
      [],
      options,
    );
    expect(placed.map((p) => p.id)).toEqual(["a"]);
  });

  it("name a town under a stop marker beside the marker", () => {
    const marker = stopBox({ x: 100, y: 100, text: "1, 2" });
    const [label] = placeLabels([{ id: "a", text: "Cowansville", x: 100, y: 100 }], [marker], options);
    expect(label).toBeDefined();
    expect(label!.box.y + label!.box.height).toBeLessThanOrEqual(marker.y);
  });
});

describe("stop number colour", () => {
  it("is white on dark route colours and black on light ones (WCAG contrast)", () => {
    expect(readableOn("#0072B2")).toBe("#ffffff");
    expect(readableOn("#D55E00")).toBe("#000000");
    expect(readableOn("#E69F00")).toBe("#000000");
    expect(readableOn("#56B4E9")).toBe("#000000");
    expect(readableOn("#000000")).toBe("#ffffff");
  });
});

describe("the scene over the zones", () => {
  it("shares close stops, names the zone, then the towns that fit around the markers", () => {
    const scene = mapScene({
      width: 480,
      height: 270,
      zones: [{ id: "g", name: "Granby", x: 240, y: 135 }],
      routes: [
        {
          id: "r",
          stops: [
            { x: 300, y: 200, number: 1 },
            { x: 305, y: 202, number: 2 },
            { x: 100, y: 60, number: 3 },
          ],
          bases: [{ x: 240, y: 135 }],
        },
      ],
      towns: [
        { name: "Granby", x: 241, y: 134 },
        { name: "Cowansville", x: 290, y: 200 },
        { name: "Bromont", x: 180, y: 150 },
        { name: "Waterloo", x: 400, y: 120 },
      ],
      maxTowns: 2,
      fontSize: { zone: 14, town: 12 },
    });
    expect(scene.routes[0]!.clusters.map((c) => c.text)).toEqual(["1, 2", "3"]);
    expect(scene.zoneLabels.map((l) => l.text)).toEqual(["Granby"]);
    expect(scene.townLabels.map((l) => l.text)).toEqual(["Cowansville", "Bromont"]);
    const cluster = stopBox(scene.routes[0]!.clusters[0]!);
    for (const label of [...scene.zoneLabels, ...scene.townLabels]) {
      const b = label.box;
      const apart =
        b.x >= cluster.x + cluster.width ||
        cluster.x >= b.x + b.width ||
        b.y >= cluster.y + cluster.height ||
        cluster.y >= b.y + b.height;
      expect(apart, label.text).toBe(true);
    }
  });

  it("keeps names off the route's line", () => {
    const input = {
      width: 400,
      height: 200,
      zones: [],
      routes: [
        {
          id: "r",
          stops: [],
          bases: [],
          line: [
            { x: 150, y: 0 },
            { x: 150, y: 200 },
          ],
        },
      ],
      towns: [{ name: "Cowansville", x: 140, y: 100 }],
      maxTowns: 3,
      fontSize: { zone: 14, town: 12 },
    };
    const [label] = mapScene(input).townLabels;
    expect(label!.box.x + label!.box.width).toBeLessThanOrEqual(148);
    expect(
      lineBoxes([
        { x: 0, y: 0 },
        { x: 12, y: 0 },
      ]),
    ).toHaveLength(3);
    expect(lineBoxes([{ x: 0, y: 0 }])).toEqual([]);
  });

  it("keeps names off the reserved corners (the zoom buttons)", () => {
    const input = {
      width: 400,
      height: 200,
      zones: [],
      routes: [],
      towns: [{ name: "Marieville", x: 20, y: 20 }],
      maxTowns: 3,
      fontSize: { zone: 14, town: 12 },
    };
    expect(mapScene(input).townLabels).toHaveLength(1);
    const [label] = mapScene({ ...input, reserved: [{ x: 0, y: 0, width: 50, height: 70 }] }).townLabels;
    expect(label === undefined || label.box.x >= 50 || label.box.y >= 70).toBe(true);
  });

  it("holds 3 town names on a phone and at most 12 on a desktop", () => {
    expect(townBudget(358, 201)).toBe(3);
    expect(townBudget(1000, 562)).toBe(12);
  });
});
