import { DeskSearch } from "~/components/back-office/booking-desk";
import { requireRole } from "~/server/http/require-role.server";
import { getDb } from "~/server/db.server";
import { deskSearchLoader } from "~/server/http/desk-pages.server";
import type { Route } from "./+types/bookings";
import { backOfficeMessages } from "~/lib/messages/back-office.fr";

export const meta: Route.MetaFunction = () => [
  { title: backOfficeMessages.desk.metaTitle },
  { name: "robots", content: "noindex" },
];

/** The booking desk's search (ADR 052). */
export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireRole({ request, url }, ["admin"]);
  const db = getDb();
  const scope = { actor: user, franchiseeId: null };
  return deskSearchLoader(db, scope, request);
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <DeskSearch {...loaderData} basePath="/admin/bookings" />;
}
