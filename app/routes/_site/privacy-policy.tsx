import { UnderConstruction } from "~/components/layout/under-construction";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = () => [{ title: "Politique de confidentialité | Lavage Mobile Prestige" }];

export default function Page() {
  return <UnderConstruction title="Politique de confidentialité" />;
}
