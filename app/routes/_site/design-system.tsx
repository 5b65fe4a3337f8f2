import { UnderConstruction } from "~/components/layout/under-construction";

export default function DesignSystem() {
  return <UnderConstruction title="Design system" />;
}
