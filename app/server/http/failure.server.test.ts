import { describe, expect, it, vi } from "vitest";
import { AppError, hasCode } from "~/lib/errors";
import { messages } from "~/lib/messages.fr";
import { clientMessages } from "~/lib/messages/client.fr";
import { franchiseeMessages } from "~/lib/messages/franchisee.fr";
import { log } from "../log.server";
import { failureOf, formFailure } from "./failure.server";

/** A stand-in for conform's submission: the reply is what it was asked. */
const submission = { reply: (options?: object) => options ?? {} };

describe("the one failure path", () => {
  it("answers an AppError with its status and the catalogue's text, or the page's words", () => {
    expect(failureOf(new AppError("PHONE_CODE_WRONG"))).toEqual({
      code: "PHONE_CODE_WRONG",
      status: 400,
      message: clientMessages.phoneVerification.wrongCode,
    });
    expect(failureOf(new AppError("NOT_FOUND"), { NOT_FOUND: "Page à elle" }).message).toBe("Page à elle");
    // A page's words may quote the error: the count of appointments in the way.
    const busy = new AppError("HAS_APPOINTMENTS", undefined, { count: 2 });
    const failure = failureOf(busy, { HAS_APPOINTMENTS: (error) => `Encore ${error.count}` });
    expect(failure).toMatchObject({ status: 409, message: "Encore 2" });
  });

  it("logs the unexpected once and answers the generic text, 500; a Response is thrown again", () => {
    const spy = vi.spyOn(log, "error").mockImplementation(() => {});
    expect(failureOf(new Error("boom"))).toEqual({
      code: "UNKNOWN",
      status: 500,
      message: messages.errors.generic,
    });
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
    const redirect = new Response(null, { status: 302 });
    expect(() => failureOf(redirect)).toThrow(redirect);
  });

  it("says a refusal at the page's field for its code, else as the form's error", () => {
    const fields = { OVERLAP: "startTime" } as const;
    expect(formFailure(new AppError("OVERLAP"), submission, { fields }).result).toEqual({
      hideFields: undefined,
      fieldErrors: { startTime: [franchiseeMessages.availability.overlap] },
    });
    expect(formFailure(new AppError("END_BEFORE_START"), submission, { fields }).result).toEqual({
      hideFields: undefined,
      formErrors: [franchiseeMessages.availability.endAfterStart],
    });
  });

  it("hasCode: an AppError with one of the codes, any code when none is named", () => {
    expect(hasCode(new AppError("NOT_FOUND"), "NOT_FOUND", "FORBIDDEN")).toBe(true);
    expect(hasCode(new AppError("SLOT_TAKEN"), "NOT_FOUND")).toBe(false);
    expect(hasCode(new AppError("SLOT_TAKEN"))).toBe(true);
    expect(hasCode(new Error("NOT_FOUND"), "NOT_FOUND")).toBe(false);
  });
});
