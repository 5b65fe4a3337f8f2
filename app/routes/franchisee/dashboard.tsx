import { UnderConstruction } from "~/components/layout/under-construction";
import { requireRole } from "~/server/auth.server";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [
  { title: "Tableau de bord Partenaire | Lavage Mobile Prestige" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, ["franchisee"]);
  return null;
}

export default function Page() {
  return <UnderConstruction title="Tableau de bord Partenaire" />;
}
