import { UnderConstruction } from "~/components/layout/under-construction";
import type { Route } from "./+types/wizard";

export const meta: Route.MetaFunction = () => [{ title: "Réservation | Lavage Mobile Prestige" }];

export default function Page() {
  return <UnderConstruction title="Réservation" />;
}
