import { UnderConstruction } from "~/components/layout/under-construction";
import type { Route } from "./+types/application";

export const meta: Route.MetaFunction = () => [{ title: "Devenir partenaire | Lavage Mobile Prestige" }];

export default function Page() {
  return <UnderConstruction title="Devenir partenaire" />;
}
