import { UnderConstruction } from "~/components/layout/under-construction";
import type { Route } from "./+types/gallery";

export const meta: Route.MetaFunction = () => [{ title: "Galerie | Lavage Mobile Prestige" }];

export default function Page() {
  return <UnderConstruction title="Galerie" />;
}
