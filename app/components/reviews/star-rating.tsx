import { Star } from "lucide-react";
import { reviewsMessages } from "~/lib/messages/reviews.fr";
import { cn } from "~/lib/utils";

const t = reviewsMessages;

/**
 * Stars shown for a rating, read as "N étoiles sur 5" (4,5 for an average): drawn to the nearest
 * half star, so that 4,5 shows four and a half.
 */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  const halves = Math.round(Math.min(5, Math.max(0, rating)) * 2);
  return (
    <span role="img" aria-label={t.section.rating(rating)} className={cn("flex gap-0.5", className)}>
      {Array.from({ length: 5 }, (_, index) => {
        const filled = Math.min(2, Math.max(0, halves - index * 2));
        return (
          <span key={index} aria-hidden="true" className="relative inline-flex" data-fill={filled / 2}>
            <Star className="size-5 text-muted-foreground/50" />
            {filled > 0 ? (
              <span
                className={cn("absolute inset-y-0 left-0 overflow-hidden", filled === 1 ? "w-1/2" : "w-full")}
              >
                <Star className="size-5 fill-current text-amber-600 dark:text-amber-400" />
              </span>
            ) : null}
          </span>
        );
      })}
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
      {/* One row of five stars: the chosen one and those before it are filled (CSS only, so it
          works before the page hydrates); each radio is named "N étoiles". */}
      <div
        className={cn(
          "flex gap-1",
          "[&:has(input[value='1']:checked)_label:nth-child(-n+1)]:text-amber-600",
          "[&:has(input[value='2']:checked)_label:nth-child(-n+2)]:text-amber-600",
          "[&:has(input[value='3']:checked)_label:nth-child(-n+3)]:text-amber-600",
          "[&:has(input[value='4']:checked)_label:nth-child(-n+4)]:text-amber-600",
          "[&:has(input[value='5']:checked)_label:nth-child(-n+5)]:text-amber-600",
          "dark:[&:has(input[value='1']:checked)_label:nth-child(-n+1)]:text-amber-400",
          "dark:[&:has(input[value='2']:checked)_label:nth-child(-n+2)]:text-amber-400",
          "dark:[&:has(input[value='3']:checked)_label:nth-child(-n+3)]:text-amber-400",
          "dark:[&:has(input[value='4']:checked)_label:nth-child(-n+4)]:text-amber-400",
          "dark:[&:has(input[value='5']:checked)_label:nth-child(-n+5)]:text-amber-400",
        )}
      >
        {[1, 2, 3, 4, 5].map((value) => (
          <label
            key={value}
            className="flex size-11 cursor-pointer items-center justify-center rounded-md text-muted-foreground/40 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
          >
            <input
              type="radio"
              name={name}
              value={value}
              defaultChecked={defaultValue === value}
              required
              className="sr-only"
            />
            <Star aria-hidden="true" className="size-8 fill-current" />
            <span className="sr-only">{t.page.star(value)}</span>
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
