import { useEffect, useRef } from "react";
import { Link, useLocation, type ShouldRevalidateFunctionArgs } from "react-router";

import { SlotStep } from "~/components/booking/wizard/lazy-steps";
import { StepIndicator } from "~/components/booking/wizard/step-indicator";
import { WhereStep } from "~/components/booking/wizard/where-step";
import {
  Breadcrumb,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbList,
  BreadcrumbPage,
  BreadcrumbSeparator,
} from "~/components/ui/breadcrumb";
import { serviceAreaMessages } from "~/lib/messages/service-area.fr";
import { wizardMessages } from "~/lib/messages/wizard.fr";
import { originFrom, seoMeta } from "~/lib/seo";
import type { Route } from "./+types/wizard";
import { bookFromWizard } from "./wizard-action.server";
import { loadWizard } from "./wizard-loader.server";

const w = wizardMessages;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta({
    title: w.title,
    description: location.pathname === "/booking" ? serviceAreaMessages.booking.description : w.description,
    path: location.pathname,
    origin: originFrom(matches),
    // /booking is the path's public start; /booking/{id} is one visitor's booking in progress.
    noindex: location.pathname !== "/booking",
  });

/**
 * One path (ADR 044): /booking, /booking/{id}, the zone pages and ?service= all start here; the
 * state lives in the URL (wizard-loader.server.ts). Booking: wizard-action.server.ts.
 */
export function loader(args: Route.LoaderArgs) {
  return loadWizard(args);
}

export function action(args: Route.ActionArgs) {
  return bookFromWizard(args);
}

/** A booking made navigates away: its step 2 data need not load again. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const booked =
    typeof actionResult === "object" &&
    actionResult !== null &&
    (actionResult as { status?: unknown }).status === "booked";
  return booked ? false : defaultShouldRevalidate;
}

export default function BookingWizard({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(loaderData.step);

  // A new step gets a new heading: move the focus there, so keyboard and screen reader users
  // start at the top of the step.
  useEffect(() => {
    if (shownStep.current === loaderData.step) return;
    shownStep.current = loaderData.step;
    headingRef.current?.focus();
  }, [loaderData.step]);

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8 pb-24 sm:py-12 lg:pb-12">
      <Breadcrumb>
        <BreadcrumbList>
          <BreadcrumbItem>
            <BreadcrumbLink asChild>
              <Link to="/">{w.home}</Link>
            </BreadcrumbLink>
          </BreadcrumbItem>
          <BreadcrumbSeparator />
          <BreadcrumbItem>
            <BreadcrumbPage>{w.title}</BreadcrumbPage>
          </BreadcrumbItem>
        </BreadcrumbList>
      </Breadcrumb>

      <StepIndicator step={loaderData.step} className="mx-auto w-full max-w-md" />

      <h1
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-bold tracking-tight outline-none sm:text-3xl"
      >
        {loaderData.step === 1 ? w.whereTitle : w.slotTitle}
      </h1>

      {loaderData.step === 1 ? (
        <WhereStep key={location.key} data={loaderData} />
      ) : (
        <SlotStep data={loaderData} actionData={actionData} />
      )}
    </div>
  );
}
