import { Star } from "lucide-react";
import { reviewsMessages } from "~/lib/messages/reviews.fr";
import { cn } from "~/lib/utils";

const t = reviewsMessages;

/** Stars shown for a rating, read as "N étoiles sur 5". */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span role="img" aria-label={t.section.rating(rating)} className={cn("flex gap-0.5", className)}>
      {Array.from({ length: 5 }, (_, index) => (
        <Star
          key={index}
          aria-hidden="true"
          className={cn(
            "size-5",
            index < rating ? "fill-current text-amber-600 dark:text-amber-400" : "text-muted-foreground/50",
          )}
        />
      ))}
    </span>
  );
}

/**
 * The 1-5 star input: native radio buttons in a fieldset (a radio group for assistive tech, the
 * arrow keys move between them, and it works without JavaScript).
 */
export function StarRatingInput({
  name,
  defaultValue,
  error,
  errorId,
}: {
  name: string;
  defaultValue?: number;
  error?: string;
  errorId: string;
}) {
  const hintId = `${name}-hint`;
  return (
    <fieldset
      className="grid gap-2"
      aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-2 text-sm font-medium">
        {t.page.rating}
        <span aria-hidden="true" className="text-destructive">
          {" *"}
        </span>
      </legend>
      <div className="flex flex-wrap gap-2">
        {[1, 2, 3, 4, 5].map((value) => (
          <label
            key={value}
            className="flex min-h-11 cursor-pointer items-center gap-1.5 rounded-md border px-3 py-2 text-sm font-medium has-checked:border-primary has-checked:bg-primary has-checked:text-primary-foreground has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
          >
            <input
              type="radio"
              name={name}
              value={value}
              defaultChecked={defaultValue === value}
              required
              className="sr-only"
            />
            <Star aria-hidden="true" className="size-4 fill-current" />
            {t.page.star(value)}
          </label>
        ))}
      </div>
      <p id={hintId} className="text-sm text-muted-foreground">
        {t.page.ratingHint}
      </p>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
