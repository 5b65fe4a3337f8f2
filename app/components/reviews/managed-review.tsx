import type { ReactNode } from "react";
import { Badge } from "~/components/ui/badge";
import { reviewsMessages } from "~/lib/messages/reviews.fr";
import { Stars } from "./star-rating";
import { formatDateTime } from "~/domain/time/format-instant";

const t = reviewsMessages;

export interface ManagedReviewView {
  id: string;
  bookingId: string;
  rating: number;
  comment: string | null;
  displayName: string;
  zoneName: string;
  createdAt: string | Date;
  publishConsent: boolean;
  hiddenAt: string | Date | null;
  response: string | null;
}

/** One review in the franchisee's and the admin's lists, with their actions below. */
export function ManagedReview({ review, children }: { review: ManagedReviewView; children?: ReactNode }) {
  const label = `${review.displayName}, ${t.section.rating(review.rating)}`;
  return (
    <li aria-label={label} className="grid gap-3 rounded-lg border bg-card p-4 text-card-foreground">
      <div className="flex flex-wrap items-center gap-3">
        <Stars rating={review.rating} />
        <span className="font-semibold">{review.displayName}</span>
        <span className="text-sm text-muted-foreground">
          {review.zoneName} · {review.bookingId} · {formatDateTime(review.createdAt, "medium")}
        </span>
        {!review.publishConsent ? <Badge variant="secondary">{t.franchisee.notPublished}</Badge> : null}
        {review.hiddenAt ? <Badge variant="destructive">{t.franchisee.hiddenBadge}</Badge> : null}
      </div>
      {review.comment ? <p className="break-words">{review.comment}</p> : null}
      {review.response ? (
        <div className="rounded-md bg-muted p-3 text-sm">
          <p className="font-semibold">{t.section.response}</p>
          <p className="mt-1 break-words">{review.response}</p>
        </div>
      ) : null}
      {children}
    </li>
  );
}
