import { UnderConstruction } from "~/components/layout/under-construction";
import { requireRole } from "~/server/auth.server";
import type { Route } from "./+types/coverage";

export const meta: Route.MetaFunction = () => [{ title: "Couverture | Lavage Mobile Prestige" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, ["admin"]);
  return null;
}

export default function Page() {
  return <UnderConstruction title="Couverture" />;
}
