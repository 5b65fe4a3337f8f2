import { UnderConstruction } from "~/components/layout/under-construction";
import type { Route } from "./+types/address-validation";

export const meta: Route.MetaFunction = () => [
  { title: "Validation du code postal | Lavage Mobile Prestige" },
];

export default function Page() {
  return <UnderConstruction title="Validation du code postal" />;
}
