/** Status rules of the admin area: what an admin may do to an application or a restock order. */

export const APPLICATION_STATUSES = ["submitted", "reviewing", "approved", "rejected"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

const APPLICATION_NEXT: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  submitted: ["reviewing", "approved", "rejected"],
  reviewing: ["approved", "rejected"],
  // A rejected application may be looked at again; an approved one is final (its account exists).
  rejected: ["reviewing"],
  approved: [],
};

export function canMoveApplication(from: ApplicationStatus, to: ApplicationStatus): boolean {
  return APPLICATION_NEXT[from].includes(to);
}

export type RestockStatus = "pending" | "approved" | "shipped" | "delivered" | "cancelled";

/** An open order can be marked delivered ('Livrée') or cancelled; both are final. */
export function canCloseRestockOrder(from: RestockStatus, to: "delivered" | "cancelled"): boolean {
  return from !== "delivered" && from !== "cancelled" && (to === "delivered" || to === "cancelled");
}
