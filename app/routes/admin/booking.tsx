import { DeskBookingView } from "~/components/back-office/booking-desk";
import { requireRole } from "~/server/http/require-role.server";
import { getDb } from "~/server/db.server";
import { deskBookingAction, deskBookingLoader } from "~/server/http/desk-pages.server";
import type { Route } from "./+types/booking";
import { backOfficeMessages } from "~/lib/messages/back-office.fr";

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `${backOfficeMessages.desk.booking} ${params.bookingId} | Lavage Mobile Prestige` },
  { name: "robots", content: "noindex" },
];

/** One booking at the desk (ADR 052). */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const user = await requireRole({ request, url }, ["admin"]);
  const db = getDb();
  const scope = { actor: user, franchiseeId: null };
  return deskBookingLoader(db, scope, request, params.bookingId);
}

/** Cancel, move, or change cars and extras for the customer, logged with who did it. */
export async function action({ request, params, url }: Route.ActionArgs) {
  const user = await requireRole({ request, url }, ["admin"]);
  const db = getDb();
  const scope = { actor: user, franchiseeId: null };
  return deskBookingAction(db, scope, request, params.bookingId, `/admin/bookings/${params.bookingId}`);
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <DeskBookingView {...loaderData} actionData={actionData} basePath="/admin/bookings" />;
}
