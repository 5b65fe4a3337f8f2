import { UnderConstruction } from "~/components/layout/under-construction";
import { requireRole } from "~/server/auth.server";
import type { Route } from "./+types/clients";

export const meta: Route.MetaFunction = () => [{ title: "Clients | Lavage Mobile Prestige" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, ["franchisee"]);
  return null;
}

export default function Page() {
  return <UnderConstruction title="Clients" />;
}
