import { CustomerRecordView } from "~/components/back-office/customer-record";
import { customersMessages } from "~/lib/messages/customers.fr";
import { customerRecordAction, customerRecordLoader } from "~/server/http/customer-pages.server";
import type { Route } from "./+types/client";
import { requireFranchisee } from "./guard.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: customersMessages.metaTitle(loaderData?.record.name ?? customersMessages.openRecord) },
  { name: "robots", content: "noindex" },
];

/** One of the franchisee's own customers (ADR 096): anyone else's is a 404, as no customer. */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const { franchisee, db } = await requireFranchisee({ request, url });
  return customerRecordLoader(db, { franchiseeId: franchisee.id }, params.customerKey);
}

/** A private note added or edited, the franchisee's own. */
export async function action({ request, url, params }: Route.ActionArgs) {
  const { franchisee, user, db } = await requireFranchisee({ request, url });
  return customerRecordAction(
    db,
    { franchiseeId: franchisee.id },
    user,
    request,
    params.customerKey,
    `/franchisee/clients/${params.customerKey}`,
  );
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CustomerRecordView
      {...loaderData}
      actionData={actionData}
      backPath="/franchisee/clients"
      backLabel={customersMessages.back}
      bookingsPath="/franchisee/bookings"
    />
  );
}
