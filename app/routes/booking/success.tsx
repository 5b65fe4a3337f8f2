import { UnderConstruction } from "~/components/layout/under-construction";
import type { Route } from "./+types/success";

export const meta: Route.MetaFunction = () => [{ title: "Réservation confirmée | Lavage Mobile Prestige" }];

export default function Page() {
  return <UnderConstruction title="Réservation confirmée" />;
}
