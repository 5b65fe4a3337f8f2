import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

/**
 * Shared set-up of the UI component tests: unmount after each test, and give jsdom no-op
 * stand-ins for the layout APIs that Radix popovers call.
 */
export function setUpComponentTests() {
  afterEach(cleanup);
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
