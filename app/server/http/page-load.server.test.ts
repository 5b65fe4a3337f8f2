import { describe, expect, it, vi } from "vitest";
import { withRequestContext } from "../log.server";
import { onePerPageLoad } from "./page-load.server";

/** What React Router hands each loader: its own copy of the request. */
const copy = (method = "GET", cookie = "session=a") =>
  new Request("http://localhost/client", { method, headers: { cookie } });

describe("onePerPageLoad", () => {
  it("runs the work once for the loaders of one page load, with their own copies of the request", async () => {
    const work = vi.fn(async () => ({ id: "u1" }));
    const answers = await withRequestContext({ requestId: "r1" }, () =>
      Promise.all([onePerPageLoad(copy(), "session", work), onePerPageLoad(copy(), "session", work)]),
    );
    expect(work).toHaveBeenCalledTimes(1);
    expect(answers[0]).toBe(answers[1]);
  });

  it("runs it again for another request, another cookie or another kind of work", async () => {
    const work = vi.fn(async () => null);
    await withRequestContext({ requestId: "r1" }, () => onePerPageLoad(copy(), "session", work));
    await withRequestContext({ requestId: "r2" }, async () => {
      await onePerPageLoad(copy(), "session", work);
      await onePerPageLoad(copy("GET", "session=b"), "session", work);
      await onePerPageLoad(copy(), "franchisee", work);
    });
    expect(work).toHaveBeenCalledTimes(4);
  });

  it("never shares an action's, nor outside a served request", async () => {
    const work = vi.fn(async () => null);
    await withRequestContext({ requestId: "r1" }, async () => {
      await onePerPageLoad(copy("POST"), "session", work);
      await onePerPageLoad(copy("POST"), "session", work);
    });
    await onePerPageLoad(copy(), "session", work);
    await onePerPageLoad(copy(), "session", work);
    expect(work).toHaveBeenCalledTimes(4);
  });
});
