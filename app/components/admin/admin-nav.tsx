import {
  BarChart3,
  ClipboardList,
  LayoutDashboard,
  ListChecks,
  MapPinned,
  MessagesSquare,
  Package,
  Users,
} from "lucide-react";
import { NavLink } from "react-router";
import { messages } from "~/lib/messages.fr";
import { cn } from "~/lib/utils";

const t = messages.admin.nav;

const LINKS = [
  { to: "/admin", label: t.dashboard, icon: LayoutDashboard, end: true },
  { to: "/admin/franchisees", label: t.franchisees, icon: Users },
  { to: "/admin/services", label: t.services, icon: ClipboardList },
  { to: "/admin/coverage", label: t.coverage, icon: MapPinned },
  { to: "/admin/reports", label: t.reports, icon: BarChart3 },
  { to: "/admin/restock", label: t.restock, icon: Package },
  { to: "/admin/jobs", label: t.jobs, icon: ListChecks },
  { to: "/admin/conversations", label: messages.assistant.admin.nav, icon: MessagesSquare },
] as const;

/** The admin area's sections; scrolls sideways on a phone. */
export function AdminNav() {
  return (
    <nav aria-label={t.label} className="-mx-4 overflow-x-auto px-4">
      <ul className="flex min-w-max gap-1 border-b">
        {LINKS.map(({ to, label, icon: Icon, ...rest }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={"end" in rest}
              prefetch="intent"
              className={({ isActive }) =>
                cn(
                  "-mb-px flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-ring",
                  isActive
                    ? "border-primary text-foreground"
                    : "border-transparent text-muted-foreground hover:text-foreground",
                )
              }
            >
              <Icon aria-hidden className="size-4" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
