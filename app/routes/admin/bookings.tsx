import { DeskSearch } from "~/components/back-office/booking-desk";
import { messages } from "~/lib/messages.fr";
import { requireRole } from "~/server/auth.server";
import { getDb } from "~/server/db.server";
import { deskSearchLoader } from "~/server/services/booking/desk-route.server";
import type { Route } from "./+types/bookings";

export const meta: Route.MetaFunction = () => [
  { title: messages.backOffice.desk.metaTitle },
  { name: "robots", content: "noindex" },
];

/** The booking desk's search (ADR 052). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, ["admin"]);
  const db = getDb();
  const scope = { actor: user, franchiseeId: null };
  return deskSearchLoader(db, scope, request);
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <DeskSearch {...loaderData} basePath="/admin/bookings" />;
}
