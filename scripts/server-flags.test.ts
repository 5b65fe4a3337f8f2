import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "./server-flags.mjs";

describe("the production server's Node flags (ADR 069)", () => {
  it("are the same in package.json's scripts as in the list the tests and benchmarks use", () => {
    const scripts = JSON.parse(fs.readFileSync("package.json", "utf8")).scripts as Record<string, string>;
    const expected = `node ${SERVER_NODE_FLAGS.join(" ")} server.js`;
    expect(scripts.serve).toBe(expected);
    expect(scripts.dev).toBe(`NODE_ENV=development ${expected}`);
    expect(scripts.start).toBe("npm run build && npm run serve");
  });
});
