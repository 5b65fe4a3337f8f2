import { CircleAlert } from "lucide-react";

/** The errors of a whole form (not of one field), announced to screen readers. */
export function FormErrors({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return <div id={id} />;
  return (
    <div
      id={id}
      role="alert"
      className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
    >
      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      <p>{errors.join(" ")}</p>
    </div>
  );
}
