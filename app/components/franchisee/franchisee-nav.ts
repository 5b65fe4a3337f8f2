import { calendarMessages } from "~/lib/messages/calendar.fr";
import { reviewsMessages } from "~/lib/messages/reviews.fr";
import { freedTimeMessages } from "~/lib/messages/freed-time.fr";
import {
  BellRing,
  CalendarDays,
  CalendarPlus,
  CloudRain,
  ChartColumn,
  CreditCard,
  LayoutDashboard,
  MapPinned,
  MessageSquareText,
  PackageOpen,
  Search,
  ShoppingBag,
  Users,
  UsersRound,
} from "lucide-react";
import type { NavEntry } from "~/components/layout/back-office-shell";
import { franchiseeMessages } from "~/lib/messages/franchisee.fr";
import { weatherMessages } from "~/lib/messages/weather.fr";
import { backOfficeMessages } from "~/lib/messages/back-office.fr";
import { shopMessages } from "~/lib/messages/shop.fr";
import { paymentsOfficeMessages } from "~/lib/messages/payments-office.fr";

const n = franchiseeMessages.nav;

/** The franchisee area's menu (ADR 052): one line per page. */
export const FRANCHISEE_NAV: readonly NavEntry[] = [
  { to: "/franchisee", label: n.dashboard, icon: LayoutDashboard, end: true },
  { to: "/franchisee/schedule", label: n.schedule, icon: CalendarDays },
  { to: "/franchisee/team", label: n.team, icon: UsersRound },
  { to: "/franchisee/weather", label: weatherMessages.nav, icon: CloudRain },
  { to: "/franchisee/calendar", label: calendarMessages.title, icon: CalendarPlus },
  { to: "/franchisee/bookings", label: backOfficeMessages.desk.nav, icon: Search },
  { to: "/franchisee/clients", label: n.clients, icon: Users },
  { to: "/franchisee/restock", label: n.restock, icon: PackageOpen },
  { to: "/franchisee/shop", label: shopMessages.franchisee.nav, icon: ShoppingBag },
  { to: "/franchisee/reports", label: n.reports, icon: ChartColumn },
  { to: "/franchisee/payments", label: paymentsOfficeMessages.nav, icon: CreditCard },
  { to: "/franchisee/territory", label: n.territory, icon: MapPinned },
  { to: "/franchisee/reviews", label: reviewsMessages.franchisee.nav, icon: MessageSquareText },
  { to: "/franchisee/freed-times", label: freedTimeMessages.demand.nav, icon: BellRing },
];
