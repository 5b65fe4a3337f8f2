import { Stepper } from "~/components/ui/stepper";
import { wizardMessages } from "~/lib/messages/wizard.fr";

const STEPS = [{ label: wizardMessages.steps.vehicles }, { label: wizardMessages.steps.slot }] as const;

/** The wizard's progress (docs/product.md, section 2): 1 Choisir les véhicules, 2 Réserver le créneau. */
export function StepIndicator({ step, className }: { step: 1 | 2; className?: string }) {
  return <Stepper steps={STEPS} current={step - 1} completed={step === 2 ? [0] : []} className={className} />;
}
