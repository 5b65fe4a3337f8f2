import { lazy, Suspense, type ComponentProps } from "react";

import { Spinner } from "~/components/ui/spinner";

// The wizard's first step (/booking) downloads only what it shows (ADR 054): the second step
// (the slot picker, the customer's form, their validation with conform and zod) and the waiting
// list's form (shown only where a place is not served yet) load apart in the browser. The server
// imports them before any render and renders them at once: the page's HTML is complete and its
// forms post without JavaScript (ADR 040); in the browser, React keeps that HTML until their code
// has come (a suspended boundary keeps it during hydration).
const server = import.meta.env.SSR
  ? {
      slotStep: await import("./slot-step"),
      waitlistForm: await import("~/components/booking/waitlist-form"),
    }
  : null;

const loadSlotStep = () => import("./slot-step");

/** Starts the second step's download early (the first step's form is in use), once. */
export function preloadSlotStep() {
  if (!server) void loadSlotStep();
}

const SlotStepPart =
  server?.slotStep.SlotStep ?? lazy(() => loadSlotStep().then((module) => ({ default: module.SlotStep })));

const WaitlistFormPart =
  server?.waitlistForm.WaitlistForm ??
  lazy(() =>
    import("~/components/booking/waitlist-form").then((module) => ({ default: module.WaitlistForm })),
  );

export function SlotStep(props: ComponentProps<typeof SlotStepPart>) {
  return (
    <Suspense
      fallback={
        <div className="flex min-h-64 items-center justify-center">
          <Spinner className="size-8 text-primary" />
        </div>
      }
    >
      <SlotStepPart {...props} />
    </Suspense>
  );
}

export function WaitlistForm(props: ComponentProps<typeof WaitlistFormPart>) {
  return (
    <Suspense fallback={null}>
      <WaitlistFormPart {...props} />
    </Suspense>
  );
}
