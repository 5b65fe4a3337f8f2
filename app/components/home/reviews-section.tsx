import { Link } from "react-router";

import { Stars } from "~/components/reviews/star-rating";
import { reviewsMessages } from "~/lib/messages/reviews.fr";

import { SectionHeading } from "./section-heading";
import { formatNumber } from "~/lib/format";
import { formatDate } from "~/domain/time/format-instant";

const t = reviewsMessages.section;

export interface ShownReview {
  id: string;
  rating: number;
  comment: string | null;
  displayName: string;
  zoneName: string;
  createdAt: string | Date;
  response: string | null;
}

/**
 * The 'reviews' section (ADR 049): the latest published reviews customers wrote after their wash,
 * with the average and the count; with none yet, it says so and invites the first customers.
 */
export function ReviewsSection({
  reviews,
  summary,
  zoneName,
}: {
  reviews: readonly ShownReview[];
  summary: { average: number | null; count: number };
  /** A zone page shows that zone's reviews. */
  zoneName?: string;
}) {
  return (
    <section id="reviews" aria-labelledby="reviews-title" className="scroll-mt-24 py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id="reviews-title" eyebrow={t.eyebrow} title={t.title}>
          <p>{zoneName ? t.zoneIntro(zoneName) : t.intro}</p>
        </SectionHeading>
        {summary.count > 0 && summary.average !== null ? (
          <p
            className="mt-6 flex flex-wrap items-center gap-3 text-lg font-semibold"
            data-testid="reviews-summary"
          >
            {/* The text says the average; the stars draw it to the half star, hidden from screen readers. */}
            <span aria-hidden="true">
              <Stars rating={summary.average} />
            </span>
            {t.average(formatNumber(summary.average, 1, 1), summary.count)}
          </p>
        ) : null}
        {reviews.length === 0 ? (
          <div className="mt-10 grid justify-items-start gap-3 rounded-lg border border-dashed p-6">
            <p className="font-semibold">{t.empty}</p>
            <p className="text-muted-foreground">{t.emptyInvite}</p>
            <Link to="/booking" className="font-medium text-primary underline-offset-4 hover:underline">
              {t.book}
            </Link>
          </div>
        ) : (
          <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {reviews.map((review) => (
              <li key={review.id}>
                <figure className="flex h-full flex-col rounded-lg border bg-card p-6 text-card-foreground shadow-sm">
                  <Stars rating={review.rating} />
                  {review.comment ? (
                    <blockquote className="mt-4 flex-1 leading-7 break-words">
                      <p>«&nbsp;{review.comment}&nbsp;»</p>
                    </blockquote>
                  ) : (
                    <div className="flex-1" />
                  )}
                  <figcaption className="mt-6">
                    <span className="block font-semibold">{review.displayName}</span>
                    <span className="block text-sm text-muted-foreground">
                      {review.zoneName} · {formatDate(review.createdAt)}
                    </span>
                  </figcaption>
                  {review.response ? (
                    <div className="mt-4 rounded-md bg-muted p-3 text-sm">
                      <p className="font-semibold">{t.response}</p>
                      <p className="mt-1 break-words">{review.response}</p>
                    </div>
                  ) : null}
                </figure>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** schema.org AggregateRating and Review of the reviews shown, for the page's business node. */
export function reviewsJsonLd(
  reviews: readonly ShownReview[],
  summary: { average: number | null; count: number },
): Record<string, unknown> {
  if (summary.count === 0 || summary.average === null) return {};
  return {
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: summary.average.toFixed(1),
      reviewCount: summary.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.map((review) => ({
      "@type": "Review",
      author: { "@type": "Person", name: review.displayName },
      datePublished: new Date(review.createdAt).toISOString().slice(0, 10),
      reviewRating: { "@type": "Rating", ratingValue: review.rating, bestRating: 5, worstRating: 1 },
      ...(review.comment ? { reviewBody: review.comment } : {}),
    })),
  };
}
