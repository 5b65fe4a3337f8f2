import { UnderConstruction } from "~/components/layout/under-construction";
import { requireRole } from "~/server/auth.server";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [
  { title: "Tableau de bord Propriétaire | Lavage Mobile Prestige" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, ["admin"]);
  return null;
}

export default function Page() {
  return <UnderConstruction title="Tableau de bord Propriétaire" />;
}
