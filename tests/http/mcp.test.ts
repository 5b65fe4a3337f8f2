import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitForMails } from "./mail-folder";
import { startServer, type RunningServer } from "./server";

/** The structured answer of a tool call. */
type Answer = Record<string, unknown> & { ok: boolean };

describe("POST /mcp: the assistant's tools for outside AI agents (ADR 051)", () => {
  let server: RunningServer;
  let client: Client;

  const call = async (name: string, args: Record<string, unknown> = {}) => {
    const result = await client.callTool({ name, arguments: args });
    return result.structuredContent as Answer;
  };

  beforeAll(async () => {
    server = await startServer();
    client = new Client({ name: "test-agent", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
  });

  afterAll(async () => {
    await client?.close();
    await server?.stop();
  });

  it("lists the seven public tools, checks J2G 1A1, lists slots and books one after its summary", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        "book_appointment",
        "cancel_booking",
        "check_service_area",
        "find_booking",
        "get_prices",
        "list_slots",
        "reschedule_booking",
      ].sort(),
    );

    const area = await call("check_service_area", { address: "J2G 1A1" });
    expect(area).toMatchObject({ ok: true, in_area: true, zone: "granby" });

    const slots = await call("list_slots", { zone: "granby", cars: 1 });
    expect(slots.ok).toBe(true);
    const days = slots.days as { date: string; starts: string[] }[];
    // A slot past tomorrow: far enough for the 24 h rule of the change below.
    const start = days.slice(2).find((d) => d.starts.length > 0)!.starts[0]!;

    const fields = {
      zone: "granby",
      cars: 1,
      start,
      name: "Agent Tremblay",
      email: "agent.tremblay@example.com",
      phone: "450 555-0177",
      address: "123, rue Principale, Granby",
      postalCode: "J2G 2T5",
    };
    const summary = await call("book_appointment", fields);
    expect(summary).toMatchObject({
      ok: true,
      status: "needs_confirmation",
      summary: { total: expect.any(String) },
    });
    const booked = await call("book_appointment", { ...fields, confirmation: summary.confirmation });
    expect(booked).toMatchObject({ ok: true, status: "booked" });
    const bookingId = booked.booking_id as string;
    // The customer's links (issue 33, item 6): the manage page and the calendar file it opens.
    expect(booked.manage_url).toMatch(new RegExp(`/booking/manage/${bookingId}\\?token=`));
    const ics = await fetch(
      new URL(
        new URL(booked.calendar_url as string).pathname + new URL(booked.calendar_url as string).search,
        server.url,
      ),
    );
    expect(ics.status).toBe(200);
    expect(await ics.text()).toMatch(/BEGIN:VEVENT/);

    // The customer's words narrow the hours.
    const thursday = await call("list_slots", { zone: "granby", cars: 1, when: "jeudi après-midi" });
    expect(thursday).toMatchObject({
      ok: true,
      understood: expect.stringMatching(/^le jeudi .+, l'après-midi/),
    });

    // The booking is in the confirmation e-mail like a web booking's.
    const [mail] = await waitForMails(server.dataDir, "agent.tremblay@example.com", /./);
    expect(mail!.text).toContain(bookingId);

    // Stateless: no proof, no change; with the booking's phone, it is found and cancelled.
    expect(await call("cancel_booking", { booking_id: bookingId })).toMatchObject({
      ok: false,
      code: "PROOF_REQUIRED",
    });
    expect(await call("find_booking", { booking_id: bookingId, phone: "4505550177" })).toMatchObject({
      ok: true,
      booking: { booking_id: bookingId, status: "scheduled" },
    });
    expect(
      await call("cancel_booking", { booking_id: bookingId, email: "agent.tremblay@example.com" }),
    ).toMatchObject({
      ok: true,
      status: "cancelled",
    });
  });

  it("takes no cookie and no session, and refuses GET", async () => {
    const res = await fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        origin: "https://agent.example.net",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(res.headers.get("mcp-session-id")).toBeNull();
    expect((await fetch(`${server.url}/mcp`)).status).toBe(405);
    // The exemption is that path only: another API still refuses a foreign origin.
    const other = await fetch(`${server.url}/api/bookings`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://agent.example.net" },
      body: "{}",
    });
    expect(other.status).toBe(403);
  });
});
