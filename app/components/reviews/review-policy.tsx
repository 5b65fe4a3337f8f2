import { HIDE_REASONS } from "~/domain/reviews/reviews";
import { reviewsMessages } from "~/lib/messages/reviews.fr";

const p = reviewsMessages.policy;

/** The short content policy shown where reviews are written and shown (ADR 049). */
export function ReviewPolicy({
  id = "review-policy",
  headingLevel = 2,
}: {
  id?: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="grid gap-2 rounded-lg border p-4 text-sm">
      <Heading id={`${id}-title`} className="font-semibold">
        {p.title}
      </Heading>
      <p>{p.intro}</p>
      <ul className="list-disc space-y-1 pl-5">
        {HIDE_REASONS.map((reason) => (
          <li key={reason}>{p.reasons[reason]}</li>
        ))}
      </ul>
      <p className="font-medium">{p.never}</p>
    </section>
  );
}
