import { UnderConstruction } from "~/components/layout/under-construction";
import { requireRole } from "~/server/auth.server";
import type { Route } from "./+types/schedule";

export const meta: Route.MetaFunction = () => [{ title: "Horaire | Lavage Mobile Prestige" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, ["franchisee"]);
  return null;
}

export default function Page() {
  return <UnderConstruction title="Horaire" />;
}
