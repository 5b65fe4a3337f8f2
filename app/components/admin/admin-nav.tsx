import { assistantMessages } from "~/lib/messages/assistant.fr";
import { offersMessages } from "~/lib/messages/offers.fr";
import { adminMessages } from "~/lib/messages/admin.fr";
import { reviewsMessages } from "~/lib/messages/reviews.fr";
import { freedTimeMessages } from "~/lib/messages/freed-time.fr";
import { vehiclesMessages } from "~/lib/messages/vehicles.fr";
import { shopMessages } from "~/lib/messages/shop.fr";
import { customersMessages } from "~/lib/messages/customers.fr";
import {
  BadgePercent,
  BarChart3,
  BellRing,
  Crown,
  Car,
  ClipboardList,
  Contact,
  CreditCard,
  Images,
  LayoutDashboard,
  ListChecks,
  MapPinned,
  MessageSquareText,
  MessagesSquare,
  Package,
  Search,
  ShoppingBag,
  Users,
} from "lucide-react";
import type { NavEntry } from "~/components/layout/back-office-shell";
import { backOfficeMessages } from "~/lib/messages/back-office.fr";
import { paymentsOfficeMessages } from "~/lib/messages/payments-office.fr";

const t = adminMessages.nav;

/** The admin area's menu (ADR 052): one line per page, shown by the back-office shell. */
export const ADMIN_NAV: readonly NavEntry[] = [
  { to: "/admin", label: t.dashboard, icon: LayoutDashboard, end: true },
  { to: "/admin/bookings", label: backOfficeMessages.desk.nav, icon: Search },
  { to: "/admin/clients", label: customersMessages.network.nav, icon: Contact },
  { to: "/admin/franchisees", label: t.franchisees, icon: Users },
  { to: "/admin/services", label: t.services, icon: ClipboardList },
  { to: "/admin/vehicle-classes", label: vehiclesMessages.admin.nav, icon: Car },
  { to: "/admin/memberships", label: "Abonnements", icon: Crown },
  { to: "/admin/coverage", label: t.coverage, icon: MapPinned },
  { to: "/admin/photos", label: t.photos, icon: Images },
  { to: "/admin/reports", label: t.reports, icon: BarChart3 },
  { to: "/admin/payments", label: paymentsOfficeMessages.nav, icon: CreditCard },
  { to: "/admin/restock", label: t.restock, icon: Package },
  { to: "/admin/boutique", label: shopMessages.admin.title, icon: ShoppingBag },
  { to: "/admin/reviews", label: reviewsMessages.admin.nav, icon: MessageSquareText },
  { to: "/admin/freed-times", label: freedTimeMessages.demand.nav, icon: BellRing },
  { to: "/admin/promo-codes", label: offersMessages.admin.nav, icon: BadgePercent },
  { to: "/admin/jobs", label: t.jobs, icon: ListChecks },
  { to: "/admin/conversations", label: assistantMessages.admin.nav, icon: MessagesSquare },
];
