/** The wizard's data as its step components receive them (types only). */
import type { Route } from "./+types/wizard";

export type WizardLoaderData = Route.ComponentProps["loaderData"];
export type WizardActionData = Route.ComponentProps["actionData"];
