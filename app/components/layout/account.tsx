import { messages } from "~/lib/messages.fr";
import type { Role } from "~/lib/roles";

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
