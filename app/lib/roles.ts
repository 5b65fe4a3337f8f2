export const ROLES = ["admin", "franchisee", "client"] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** The dashboard of a role, for the header's space link. */
export function dashboardPathFor(role: Role): string {
  return role === "admin" ? "/admin" : role === "franchisee" ? "/franchisee" : "/client";
}
