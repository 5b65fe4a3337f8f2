import { lazy, Suspense } from "react";
import { Link } from "react-router";

import { Button } from "~/components/ui/button";
import { dashboardPathFor } from "~/lib/roles";
import { useHydrated } from "~/lib/use-hydrated";

import { AccountControlFace, spaceLabel, type HeaderUser } from "./account";

// The account menu and its menu library load only for people who are signed in, once the page
// has hydrated (ADR 040).
const UserMenu = lazy(() => import("./user-menu").then((module) => ({ default: module.UserMenu })));

/**
 * The signed-in user's control on wide screens. The server, the page before it hydrates, and a
 * browser without JavaScript show a plain link to the user's space, in the menu button's place
 * and look: a press always does something. Once the menu's code has loaded, the link becomes the
 * menu (their space and sign-out).
 */
export function AccountControl({ user, compact }: { user: HeaderUser; compact: boolean }) {
  const hydrated = useHydrated();
  const link = (
    <Button asChild variant="ghost" className="gap-2 px-2">
      <Link to={dashboardPathFor(user.role)}>
        <AccountControlFace user={user} compact={compact} lead={`${spaceLabel(user.role)} : `} />
      </Link>
    </Button>
  );
  if (!hydrated) return link;
  return (
    <Suspense fallback={link}>
      <UserMenu user={user} compact={compact} />
    </Suspense>
  );
}
