import { describe, expect, it } from "vitest";
import { canCloseRestockOrder, canMoveApplication } from "./transitions";

describe("application pipeline", () => {
  it("moves a new application to review, approval or rejection", () => {
    expect(canMoveApplication("submitted", "reviewing")).toBe(true);
    expect(canMoveApplication("submitted", "approved")).toBe(true);
    expect(canMoveApplication("submitted", "rejected")).toBe(true);
    expect(canMoveApplication("reviewing", "approved")).toBe(true);
    expect(canMoveApplication("reviewing", "submitted")).toBe(false);
  });

  it("reopens a rejected application but never changes an approved one", () => {
    expect(canMoveApplication("rejected", "reviewing")).toBe(true);
    expect(canMoveApplication("rejected", "approved")).toBe(false);
    for (const to of ["submitted", "reviewing", "rejected", "approved"] as const) {
      expect(canMoveApplication("approved", to)).toBe(false);
    }
  });
});

describe("restock orders", () => {
  it("closes open orders as delivered or cancelled, once", () => {
    expect(canCloseRestockOrder("pending", "delivered")).toBe(true);
    expect(canCloseRestockOrder("shipped", "cancelled")).toBe(true);
    expect(canCloseRestockOrder("delivered", "cancelled")).toBe(false);
    expect(canCloseRestockOrder("cancelled", "delivered")).toBe(false);
  });
});
