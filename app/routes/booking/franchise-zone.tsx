import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { serviceZones } from "#db/schema";
import { UnderConstruction } from "~/components/layout/under-construction";
import { getDb } from "~/server/db.server";
import type { Route } from "./+types/franchise-zone";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.zone.zoneName ?? "Zone"} | Lavage Mobile Prestige` },
];

export async function loader({ params }: Route.LoaderArgs) {
  const [zone] = await getDb()
    .select({ zoneName: serviceZones.zoneName, routeSlug: serviceZones.routeSlug })
    .from(serviceZones)
    .where(eq(serviceZones.routeSlug, params.slug));
  if (!zone) throw redirect("/");
  return { zone };
}

export default function FranchiseZone({ loaderData }: Route.ComponentProps) {
  return <UnderConstruction title={`Lavage mobile à ${loaderData.zone.zoneName}`} />;
}
