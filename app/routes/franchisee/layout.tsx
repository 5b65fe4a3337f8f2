import { reviewsMessages } from "~/lib/messages/reviews.fr";
import {
  CalendarDays,
  ChartColumn,
  LayoutDashboard,
  MapPinned,
  MessageSquareText,
  PackageOpen,
  TriangleAlert,
  Users,
} from "lucide-react";
import { isRouteErrorResponse, NavLink, Outlet } from "react-router";

import { ErrorFallback } from "~/components/layout/error-fallback";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/layout";
import { requireFranchisee } from "./guard.server";
import { franchiseeMessages } from "~/lib/messages/franchisee.fr";

const n = franchiseeMessages.nav;

export async function loader({ request }: Route.LoaderArgs) {
  const { franchisee } = await requireFranchisee(request);
  return { businessName: franchisee.businessName };
}

const LINKS = [
  { to: "/franchisee", label: n.dashboard, icon: LayoutDashboard, end: true },
  { to: "/franchisee/schedule", label: n.schedule, icon: CalendarDays, end: false },
  { to: "/franchisee/clients", label: n.clients, icon: Users, end: false },
  { to: "/franchisee/restock", label: n.restock, icon: PackageOpen, end: false },
  { to: "/franchisee/reports", label: n.reports, icon: ChartColumn, end: false },
  { to: "/franchisee/territory", label: n.territory, icon: MapPinned, end: false },
  { to: "/franchisee/reviews", label: reviewsMessages.franchisee.nav, icon: MessageSquareText, end: false },
] as const;

export default function Layout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-8">
      <p className="text-sm font-medium text-muted-foreground">
        {franchiseeMessages.roleLabel} · {loaderData.businessName}
      </p>
      <nav aria-label={n.label} className="-mx-4 mt-3 overflow-x-auto px-4">
        <ul className="flex gap-1 border-b pb-2">
          {LINKS.map(({ to, label, icon: Icon, end }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                className={({ isActive }) =>
                  cn(
                    "inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap hover:bg-accent",
                    isActive ? "bg-accent text-accent-foreground" : "text-muted-foreground",
                  )
                }
              >
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}

/** A franchisee account linked to no franchise reads why; anything else gets the shared screen. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 403 && typeof error.data === "string") {
    return (
      <section
        role="alert"
        className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center"
      >
        <TriangleAlert aria-hidden="true" className="size-10 text-destructive" />
        <h1 className="text-2xl font-bold">{franchiseeMessages.dashboard.title}</h1>
        <p className="text-muted-foreground">{error.data}</p>
      </section>
    );
  }
  return <ErrorFallback error={error} />;
}
