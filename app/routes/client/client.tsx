import { UnderConstruction } from "~/components/layout/under-construction";
import { requireRole } from "~/server/auth.server";
import type { Route } from "./+types/client";

export const meta: Route.MetaFunction = () => [{ title: "Mon Espace Client | Lavage Mobile Prestige" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, ["client"]);
  return null;
}

export default function Page() {
  return <UnderConstruction title="Mon Espace Client" />;
}
