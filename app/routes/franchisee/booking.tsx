import { DeskBookingView } from "~/components/back-office/booking-desk";
import { requireFranchisee } from "./guard.server";
import { deskBookingAction, deskBookingLoader } from "~/server/http/desk-pages.server";
import type { Route } from "./+types/booking";
import { backOfficeMessages } from "~/lib/messages/back-office.fr";

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `${backOfficeMessages.desk.booking} ${params.bookingId} | Lavage Mobile Prestige` },
  { name: "robots", content: "noindex" },
];

/** One booking at the desk (ADR 052); another franchisee's is not found. */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const { user, franchisee, db } = await requireFranchisee({ request, url });
  const scope = { actor: user, franchiseeId: franchisee.id };
  return deskBookingLoader(db, scope, request, params.bookingId);
}

/** Cancel, move, or change cars and extras for the customer, logged with who did it. */
export async function action({ request, params, url }: Route.ActionArgs) {
  const { user, franchisee, db } = await requireFranchisee({ request, url });
  const scope = { actor: user, franchiseeId: franchisee.id };
  return deskBookingAction(db, scope, request, params.bookingId, `/franchisee/bookings/${params.bookingId}`);
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <DeskBookingView {...loaderData} actionData={actionData} basePath="/franchisee/bookings" />;
}
