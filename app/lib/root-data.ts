import { useRouteLoaderData } from "react-router";
import type { Route } from "../+types/root";

export type RootLoaderData = Route.ComponentProps["loaderData"];

/**
 * The root loader's data (user, theme, flash...) for any component. Here rather than in root.tsx,
 * which renders the header that reads it: no import circle (ADR 055); the type import is erased.
 */
export function useRootData(): RootLoaderData | undefined {
  return useRouteLoaderData<RootLoaderData>("root");
}
