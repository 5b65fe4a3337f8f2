import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { driveMinutes } from "~/domain/travel/travel-time";
import { driveTimesFor, resetDriveTimeCache } from "~/server/services/travel/drive-times.server";
import { startServer, type RunningServer } from "./server";

/**
 * A local stand-in for an OSRM server's `table` service (ADR 048): it answers every pair with
 * `seconds`, or never answers when `hang` is set, and records the requests it got.
 */
function standIn() {
  const state = { seconds: 600 as number | null, hang: false, requests: [] as URL[] };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    state.requests.push(url);
    if (state.hang) return; // never answers: the client's timeout must end it
    const match = /^\/table\/v1\/driving\/(.+)$/.exec(url.pathname);
    if (!match) {
      res.writeHead(400, { "content-type": "application/json" });
      res.end(JSON.stringify({ code: "InvalidUrl" }));
      return;
    }
    const count = match[1]!.split(";").length;
    const all = Array.from({ length: count }, (_, i) => i);
    const sources = url.searchParams.get("sources")?.split(";").map(Number) ?? all;
    const destinations = url.searchParams.get("destinations")?.split(";").map(Number) ?? all;
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        code: "Ok",
        durations: sources.map((i) => destinations.map((j) => (i === j ? 0 : state.seconds))),
      }),
    );
  });
  return {
    state,
    server,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, "127.0.0.1", () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const GRANBY = { lat: 45.4109, lon: -72.7103 };
const COWANSVILLE = { lat: 45.2214, lon: -72.7567 };
const BROMONT = { lat: 45.3161, lon: -72.6501 };

describe("routing engine client (OSRM table)", () => {
  const engine = standIn();
  let url: string;

  beforeAll(async () => {
    url = await engine.listen();
  });
  afterAll(() => engine.close());
  beforeEach(() => {
    resetDriveTimeCache();
    engine.state.requests = [];
    engine.state.hang = false;
    engine.state.seconds = 600;
  });

  it("asks the table service once for the pairs and uses its durations", async () => {
    const drive = await driveTimesFor([{ from: [GRANBY], to: [COWANSVILLE, BROMONT] }], {
      url,
      timeoutMs: 2000,
    });
    expect(drive(GRANBY, COWANSVILLE)).toBe(10);
    expect(drive(GRANBY, BROMONT)).toBe(10);
    // A pair it was not asked: the estimate.
    expect(drive(COWANSVILLE, BROMONT)).toBe(driveMinutes(COWANSVILLE, BROMONT));
    expect(engine.state.requests).toHaveLength(1);
    const request = engine.state.requests[0]!;
    // OSRM takes longitude first.
    expect(request.pathname).toBe(
      "/table/v1/driving/-72.710300,45.410900;-72.756700,45.221400;-72.650100,45.316100",
    );
    expect(request.searchParams.get("sources")).toBe("0");
    expect(request.searchParams.get("destinations")).toBe("1;2");
    expect(request.searchParams.get("annotations")).toBe("duration");
  });

  it("keeps the pairs it got: the same pairs are not asked twice", async () => {
    await driveTimesFor([{ from: [GRANBY], to: [COWANSVILLE] }], { url, timeoutMs: 2000 });
    engine.state.seconds = 3600;
    const drive = await driveTimesFor([{ from: [GRANBY], to: [COWANSVILLE] }], { url, timeoutMs: 2000 });
    expect(drive(GRANBY, COWANSVILLE)).toBe(10);
    expect(engine.state.requests).toHaveLength(1);
  });

  it("estimates a pair the engine has no route for", async () => {
    engine.state.seconds = null;
    const drive = await driveTimesFor([{ from: [GRANBY], to: [COWANSVILLE] }], { url, timeoutMs: 2000 });
    expect(drive(GRANBY, COWANSVILLE)).toBe(driveMinutes(GRANBY, COWANSVILLE));
  });

  it("falls back to the estimate when the engine does not answer in time, then leaves it alone", async () => {
    engine.state.hang = true;
    const drive = await driveTimesFor([{ from: [GRANBY], to: [COWANSVILLE] }], { url, timeoutMs: 200 });
    expect(drive(GRANBY, COWANSVILLE)).toBe(driveMinutes(GRANBY, COWANSVILLE));
    expect(engine.state.requests).toHaveLength(1);
    // Right after a failure the engine is not asked again (no timeout added to every list).
    engine.state.hang = false;
    const again = await driveTimesFor([{ from: [GRANBY], to: [BROMONT] }], { url, timeoutMs: 200 });
    expect(again(GRANBY, BROMONT)).toBe(driveMinutes(GRANBY, BROMONT));
    expect(engine.state.requests).toHaveLength(1);
  });
});

interface SlotsAnswer {
  days: { date: string; slots: { start: string }[] }[];
}

/** A Monday at least three days ahead, `yyyy-MM-dd` (no minimum notice in the way). */
function nextMonday(): string {
  const day = new Date(Date.now() + 3 * 86_400_000);
  while (day.getUTCDay() !== 1) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

describe("GET /api/slots with ROUTING_URL", () => {
  const engine = standIn();
  let server: RunningServer;
  const monday = nextMonday();

  beforeAll(async () => {
    const url = await engine.listen();
    // Three hours for every trip: nothing near the base is left before noon.
    engine.state.seconds = 3 * 3600;
    server = await startServer({ ROUTING_URL: url, ROUTING_TIMEOUT_MS: "300" });
  });
  afterAll(async () => {
    await server?.stop();
    await engine.close();
  });

  const firstStart = async (address?: string) => {
    const query = new URLSearchParams({ zone: "granby", cars: "1", from: monday, days: "1" });
    if (address) query.set("address", address);
    const res = await fetch(`${server.url}/api/slots?${query.toString()}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as SlotsAnswer;
    return body.days[0]!.slots[0]?.start.slice(11, 16);
  };

  it("uses the engine's drive times for an address, and the fixed rules without one", async () => {
    expect(await firstStart()).toBe("09:00");
    // 180 min from the base, 30 of them before the day starts: 11:30.
    expect(await firstStart("123, rue Principale, Granby J2G 2T5")).toBe("11:30");
    expect(engine.state.requests.length).toBeGreaterThan(0);
  });

  it("answers with the estimate when the engine times out", async () => {
    engine.state.hang = true;
    const before = engine.state.requests.length;
    // Another area: pairs not cached yet, so the engine is asked and does not answer.
    expect(await firstStart("100, rue Principale, Bromont J2L 1A1")).toBe("09:00");
    expect(engine.state.requests.length).toBe(before + 1);
  });
});
