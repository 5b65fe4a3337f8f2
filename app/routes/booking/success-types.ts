/** The confirmation page's data as its components receive them (types only). */
import type { Route } from "./+types/success";

export type UpsellOption = Route.ComponentProps["loaderData"]["upsells"][number];
