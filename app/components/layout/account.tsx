import { ChevronDown } from "lucide-react";

import { messages } from "~/lib/messages.fr";
import type { Role } from "~/lib/roles";
import { cn } from "~/lib/utils";

const t = messages.nav;

export interface HeaderUser {
  firstName: string;
  name: string;
  role: Role;
}

export function spaceLabel(role: Role): string {
  return role === "client" ? t.clientSpace : t.dashboard;
}

export function displayName(user: HeaderUser): string {
  return user.firstName || user.name || t.account;
}

export function Avatar({ user }: { user: HeaderUser }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground uppercase"
    >
      {displayName(user).charAt(0)}
    </span>
  );
}

/**
 * What the account control shows, as a menu button or as the plain link that stands in for it:
 * the avatar, the first name (only the avatar below `2xl` when `compact`), a chevron. `lead` is
 * read by screen readers before the name.
 */
export function AccountControlFace({
  user,
  compact,
  lead,
}: {
  user: HeaderUser;
  compact: boolean;
  lead: string;
}) {
  return (
    <>
      <Avatar user={user} />
      <span className={cn("max-w-32 truncate", compact && "max-2xl:sr-only")}>
        <span className="sr-only">{lead}</span>
        {displayName(user)}
      </span>
      <ChevronDown aria-hidden="true" className="text-muted-foreground" />
    </>
  );
}
