export const ROLES = ["admin", "franchisee", "crew", "client"] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** The dashboard of a role, for the header's space link. */
export function dashboardPathFor(role: Role): string {
  if (role === "admin") return "/admin";
  if (role === "franchisee") return "/franchisee";
  return role === "crew" ? "/crew" : "/client";
}
