import { UnderConstruction } from "~/components/layout/under-construction";
import { requireRole } from "~/server/auth.server";
import type { Route } from "./+types/restock";

export const meta: Route.MetaFunction = () => [
  { title: "Catalogue de Réapprovisionnement | Lavage Mobile Prestige" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, ["franchisee"]);
  return null;
}

export default function Page() {
  return <UnderConstruction title="Catalogue de Réapprovisionnement" />;
}
