import http from "node:http";
import net from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { isLoopbackAddress, isLoopbackUrl } from "~/lib/loopback";
import { demoToolsAllowed } from "./demo-tools.server";
import {
  BODY_MAX_BYTES,
  PATH_MAX_SEGMENTS,
  URL_MAX_LENGTH,
  bodyLimitFor,
  inputBounds,
  urlProblem,
  type InputBoundsOptions,
} from "./input-bounds.server";

describe("input bounds (ADR 041)", () => {
  it("passes every URL of the site, refuses a URL too long or too deep", () => {
    for (const url of [
      "/",
      "/booking/manage/ab12cd34ef?token=abc",
      "/franchisee/schedule?week=2026-11-23",
      "/api/auth/reset-password/tok",
      `/unsubscribe?token=${"a".repeat(6000)}`,
      `/${"a/".repeat(PATH_MAX_SEGMENTS - 1)}a`,
      // Slashes in the query string are not path segments.
      `/booking?next=${"/".repeat(500)}`,
    ]) {
      expect(urlProblem(url), url.slice(0, 40)).toBeNull();
    }
    expect(urlProblem(`/${"a".repeat(URL_MAX_LENGTH)}`)).toBe("too-long");
    expect(urlProblem("/a".repeat(PATH_MAX_SEGMENTS + 1))).toBe("too-deep");
    expect(urlProblem("/".repeat(PATH_MAX_SEGMENTS + 1))).toBe("too-deep");
  });

  it("keeps the upload's own body limit and a small one everywhere else", () => {
    expect(bodyLimitFor("/api/contact")).toBe(BODY_MAX_BYTES);
    expect(bodyLimitFor("/api/auth/sign-in/email")).toBe(BODY_MAX_BYTES);
    // The photo (ADR 076) and the signature with the answers.
    expect(bodyLimitFor("/api/franchise-applications")).toBe(10 * 1024 * 1024 + 300 * 1024);
    expect(bodyLimitFor("/api/franchise-applications/")).toBe(10 * 1024 * 1024 + 300 * 1024);
    expect(bodyLimitFor("/api/franchise-applications/x")).toBe(BODY_MAX_BYTES);
  });
});

describe("loopback guard of the demo tools (ADR 041)", () => {
  it("knows loopback addresses and URLs", () => {
    for (const address of [
      "127.0.0.1",
      "127.8.9.10",
      "::1",
      "::ffff:127.0.0.1",
      "[::1]",
      "0:0:0:0:0:0:0:1",
    ]) {
      expect(isLoopbackAddress(address), address).toBe(true);
    }
    for (const address of [
      "10.0.0.1",
      "192.168.1.2",
      "::ffff:10.0.0.1",
      "::",
      "fe80::1",
      "",
      undefined,
      "unknown",
      "128.0.0.1",
    ]) {
      expect(isLoopbackAddress(address), String(address)).toBe(false);
    }
    for (const url of [
      "http://localhost:3000",
      "http://127.0.0.1:4401",
      "http://[::1]:3000/",
      "https://127.1.2.3",
    ]) {
      expect(isLoopbackUrl(url), url).toBe(true);
    }
    for (const url of [
      "https://lavage.example",
      "http://localhost.example.com",
      "http://10.0.0.5:3000",
      "http://0.0.0.0:3000",
      "pas une url",
    ]) {
      expect(isLoopbackUrl(url), url).toBe(false);
    }
  });

  it("opens the demo tools to a loopback socket in demo mode only, whatever X-Forwarded-For says", () => {
    expect(demoToolsAllowed({ socketIp: "127.0.0.1" }, true)).toBe(true);
    expect(demoToolsAllowed({ socketIp: "::ffff:127.0.0.1" }, true)).toBe(true);
    // A visitor through a proxy on another machine: its socket is the proxy's address.
    expect(demoToolsAllowed({ socketIp: "10.0.0.7" }, true)).toBe(false);
    expect(demoToolsAllowed({ socketIp: "203.0.113.9" }, true)).toBe(false);
    expect(demoToolsAllowed({}, true)).toBe(false);
    expect(demoToolsAllowed({ socketIp: "127.0.0.1" }, false)).toBe(false);
  });
});

describe("bodies held open (issue 29, ADR 067)", () => {
  /** An app behind inputBounds whose handler reads the body and answers its length. */
  async function listen(options: InputBoundsOptions) {
    const app = express();
    app.use(inputBounds(options));
    app.use((req, res) => {
      let length = 0;
      req.on("data", (chunk: Buffer) => (length += chunk.byteLength));
      req.on("end", () => res.json({ length }));
    });
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return { server, port: (server.address() as net.AddressInfo).port };
  }

  /** Sends a chunked request's head and first chunk, holds the rest; the status line or null. */
  function held(port: number, path: string, cookie = ""): Promise<{ status: number; after: number } | null> {
    const socket = net.connect(port, "127.0.0.1");
    const started = Date.now();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        socket.destroy();
        resolve(null);
      }, 3_000);
      socket.on("data", (chunk: Buffer) => {
        clearTimeout(timer);
        socket.destroy();
        resolve({
          status: Number(/^HTTP\/1\.1 (\d{3})/.exec(chunk.toString())?.[1]),
          after: Date.now() - started,
        });
      });
      socket.on("error", () => undefined);
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: x\r\n${cookie ? `Cookie: ${cookie}\r\n` : ""}Transfer-Encoding: chunked\r\n\r\n4\r\nabcd\r\n`,
      );
    });
  }

  it("answers a body that does not arrive whole in time 408", async () => {
    const { server, port } = await listen({ bodyReadTimeoutMs: 150 });
    try {
      const answer = await held(port, "/api/contact");
      expect(answer?.status).toBe(408);
      expect(answer!.after).toBeGreaterThanOrEqual(100);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it("checks the session of a guarded upload before reading, and reads the admin's", async () => {
    const seen: string[] = [];
    const { server, port } = await listen({
      bodyReadTimeoutMs: 60_000,
      sessionRole: async (headers) => {
        seen.push(headers.get("cookie") ?? "");
        return headers.get("cookie") === "s=admin"
          ? "admin"
          : headers.get("cookie") === "s=client"
            ? "client"
            : null;
      },
    });
    try {
      expect((await held(port, "/admin/photos.data"))?.status).toBe(401);
      expect((await held(port, "/admin/photos.data", "s=client"))?.status).toBe(403);
      expect((await held(port, "/admin/photos", "s=client"))?.status).toBe(302);
      // The admin's body is awaited (no answer while it is held).
      expect(await held(port, "/admin/photos.data", "s=admin")).toBeNull();
      expect(seen).toEqual(["", "s=client", "s=client", "s=admin"]);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
