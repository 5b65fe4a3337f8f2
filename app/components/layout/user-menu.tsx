import { LayoutDashboard, LogOut } from "lucide-react";
import { Link, useSubmit } from "react-router";

import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { messages } from "~/lib/messages.fr";
import { dashboardPathFor } from "~/lib/roles";

import { AccountControlFace, displayName, spaceLabel, type HeaderUser } from "./account";

const t = messages.nav;

/**
 * The signed-in user's menu on wide screens: their space and sign-out. `compact` shows only the
 * avatar below `2xl`, where the dashboards' Home button takes the room of the first name.
 */
export function UserMenu({ user, compact }: { user: HeaderUser; compact: boolean }) {
  const submit = useSubmit();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        {/* Named by its content, so that the name contains the visible text (WCAG 2.5.3). */}
        <Button variant="ghost" className="gap-2 px-2">
          <AccountControlFace user={user} compact={compact} lead={t.accountMenuLead} />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-60">
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          <span className="truncate">{user.name || displayName(user)}</span>
          <span className="text-xs font-normal text-muted-foreground first-letter:uppercase">
            {messages.labels.roles[user.role]}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={dashboardPathFor(user.role)}>
            <LayoutDashboard aria-hidden="true" />
            {spaceLabel(user.role)}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={() => void submit({ intent: "sign-out" }, { method: "post", action: "/auth" })}
        >
          <LogOut aria-hidden="true" />
          {messages.auth.signOut}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
