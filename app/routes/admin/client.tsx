import { CustomerRecordView } from "~/components/back-office/customer-record";
import { customersMessages } from "~/lib/messages/customers.fr";
import { requireRole } from "~/server/http/require-role.server";
import { getDb } from "~/server/db.server";
import { customerRecordAction, customerRecordLoader } from "~/server/http/customer-pages.server";
import type { Route } from "./+types/client";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: customersMessages.metaTitle(loaderData?.record.name ?? customersMessages.openRecord) },
  { name: "robots", content: "noindex" },
];

/** Any customer of the network (ADR 096), with every franchisee's notes. */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  await requireRole({ request, url }, ["admin"]);
  return customerRecordLoader(getDb(), { franchiseeId: null }, params.customerKey);
}

/** A head-office note added, or any note edited. */
export async function action({ request, url, params }: Route.ActionArgs) {
  const user = await requireRole({ request, url }, ["admin"]);
  return customerRecordAction(
    getDb(),
    { franchiseeId: null },
    user,
    request,
    params.customerKey,
    `/admin/clients/${params.customerKey}`,
  );
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CustomerRecordView
      {...loaderData}
      actionData={actionData}
      backPath="/admin/clients"
      backLabel={customersMessages.back}
      bookingsPath="/admin/bookings"
      admin
    />
  );
}
