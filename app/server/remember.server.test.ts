import { describe, expect, it, vi } from "vitest";
import { remember } from "./remember.server";

describe("remember", () => {
  it("makes a value once per key and hands the same one back", () => {
    let made = 0;
    const create = () => ({ n: ++made });
    const first = remember("test.remember.once", create);
    expect(remember("test.remember.once", create)).toBe(first);
    expect(made).toBe(1);
    expect(remember("test.remember.other", create)).not.toBe(first);
  });

  it("keeps the value on globalThis, so a module evaluated again finds it", async () => {
    const box = remember("test.remember.reload", () => ({ value: 1 }));
    vi.resetModules();
    const { remember: fresh } = await import("./remember.server");
    expect(fresh).not.toBe(remember);
    expect(fresh("test.remember.reload", () => ({ value: 2 }))).toBe(box);
  });
});
