import { Check } from "lucide-react";

import { messages } from "~/lib/messages.fr";
import { cn } from "~/lib/utils";

type Step = { label: string };

/** A step can be revisited when it is completed, or at or before the current one (docs/product.md, section 2). */
export function isStepClickable(index: number, current: number, completed: readonly number[]): boolean {
  return completed.includes(index) || index <= current;
}

type StepperProps = {
  steps: readonly Step[];
  /** Index (from 0) of the step on screen. */
  current: number;
  /** Indexes of the steps already validated. */
  completed: readonly number[];
  /** When given, reachable steps become buttons; the others are disabled. */
  onStepClick?: (index: number) => void;
  className?: string;
};

/** Numbered progress through a multi-step form, with the current step marked for assistive tech. */
export function Stepper({ steps, current, completed, onStepClick, className }: StepperProps) {
  return (
    <nav aria-label={messages.ui.progress} className={className}>
      <ol className="flex items-start">
        {steps.map((step, index) => {
          const done = completed.includes(index);
          const isCurrent = index === current;
          const status = done ? messages.ui.stepCompleted : isCurrent ? messages.ui.stepCurrent : null;
          const content = (
            <>
              <span
                aria-hidden="true"
                className={cn(
                  "relative z-10 flex size-8 items-center justify-center rounded-full border-2 text-sm font-semibold transition-colors",
                  done && "border-primary bg-primary text-primary-foreground",
                  !done && isCurrent && "border-primary bg-background text-primary",
                  !done && !isCurrent && "border-border bg-background text-muted-foreground",
                )}
              >
                {done ? <Check className="size-4" strokeWidth={3} /> : index + 1}
              </span>
              <span
                className={cn(
                  "text-center text-xs font-medium break-words sm:text-sm",
                  isCurrent ? "text-foreground" : "text-muted-foreground",
                )}
              >
                <span aria-hidden="true">{step.label}</span>
                <span className="sr-only">
                  {`${messages.ui.stepOf(index + 1, steps.length)} : ${step.label}`}
                  {status ? `, ${status}` : null}
                </span>
              </span>
            </>
          );
          const itemClasses = "flex w-full flex-col items-center gap-2 rounded-md p-1";
          return (
            <li key={step.label} className="relative flex min-w-0 flex-1 justify-center">
              {index > 0 ? (
                <span
                  aria-hidden="true"
                  className={cn(
                    "absolute top-5 right-1/2 left-[-50%] h-0.5",
                    completed.includes(index - 1) ? "bg-primary" : "bg-border",
                  )}
                />
              ) : null}
              {onStepClick ? (
                <button
                  type="button"
                  aria-current={isCurrent ? "step" : undefined}
                  disabled={!isStepClickable(index, current, completed)}
                  onClick={() => onStepClick(index)}
                  className={cn(
                    itemClasses,
                    "transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed enabled:hover:[&>span:first-child]:border-primary",
                  )}
                >
                  {content}
                </button>
              ) : (
                <div aria-current={isCurrent ? "step" : undefined} className={itemClasses}>
                  {content}
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
