import { AppError } from "~/lib/errors";
import type { SessionUser } from "../../auth.server";

/** Every admin use case starts here: only the admin role ('Propriétaire / CEO') passes. */
export type AdminActor = Pick<SessionUser, "id" | "role">;

export function assertAdmin(actor: AdminActor | null | undefined): asserts actor is AdminActor {
  if (!actor) throw new AppError("NOT_AUTHENTICATED");
  if (actor.role !== "admin") throw new AppError("FORBIDDEN");
}
