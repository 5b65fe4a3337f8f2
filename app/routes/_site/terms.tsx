import { UnderConstruction } from "~/components/layout/under-construction";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = () => [{ title: "Conditions d'utilisation | Lavage Mobile Prestige" }];

export default function Page() {
  return <UnderConstruction title="Conditions d'utilisation" />;
}
