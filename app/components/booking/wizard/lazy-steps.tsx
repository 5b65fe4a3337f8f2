import { lazy } from "react";

// The wizard's first step (/booking) downloads only what it shows (ADR 054): the second step
// (the slot picker, the customer's form, their validation with conform and zod) and the waiting
// list's form (shown only where a place is not served yet) load apart in the browser. The server
// imports them before any render and renders them at once, so that the page's HTML is whole and
// its forms post without JavaScript (ADR 040). No Suspense boundary of their own, on purpose:
// React would stream a large boundary's HTML after its fallback (shown only with JavaScript);
// without one, the page's hydration waits for their code, and a navigation to the second step
// keeps the first on screen until it has come.
const server = import.meta.env.SSR
  ? {
      slotStep: await import("./slot-step"),
      waitlistForm: await import("~/components/booking/waitlist-form"),
    }
  : null;

const loadSlotStep = () => import("./slot-step");

/** Starts the second step's download early, while the first step's form is in use. */
export function preloadSlotStep() {
  if (!server) void loadSlotStep();
}

export const SlotStep =
  server?.slotStep.SlotStep ?? lazy(() => loadSlotStep().then((module) => ({ default: module.SlotStep })));

export const WaitlistForm =
  server?.waitlistForm.WaitlistForm ??
  lazy(() =>
    import("~/components/booking/waitlist-form").then((module) => ({ default: module.WaitlistForm })),
  );

/**
 * Step 1's times (ADR 107): shown only in the browser, once the address is checked, so never in
 * the server's HTML; the same module as step 2's picker (its download is shared).
 */
export const SlotPreview = lazy(() =>
  import("./slot-picker").then((module) => ({ default: module.SlotPicker })),
);
