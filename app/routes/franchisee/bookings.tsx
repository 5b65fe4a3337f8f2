import { DeskSearch } from "~/components/back-office/booking-desk";
import { requireFranchisee } from "./guard.server";
import { deskSearchLoader } from "~/server/http/desk-pages.server";
import type { Route } from "./+types/bookings";
import { backOfficeMessages } from "~/lib/messages/back-office.fr";

export const meta: Route.MetaFunction = () => [
  { title: backOfficeMessages.desk.metaTitle },
  { name: "robots", content: "noindex" },
];

/** The booking desk's search (ADR 052): this franchisee's bookings only. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { user, franchisee, db } = await requireFranchisee({ request, url });
  const scope = { actor: user, franchiseeId: franchisee.id };
  return deskSearchLoader(db, scope, request);
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <DeskSearch {...loaderData} basePath="/franchisee/bookings" />;
}
