import { Star } from "lucide-react";

import { messages } from "~/lib/messages.fr";
import { TESTIMONIALS } from "~/lib/testimonials";

import { SectionHeading } from "./section-heading";

const t = messages.home;

function Stars({ rating }: { rating: number }) {
  return (
    <span
      role="img"
      aria-label={t.rating(rating)}
      className="flex gap-0.5 text-amber-600 dark:text-amber-400"
    >
      {Array.from({ length: rating }, (_, index) => (
        <Star key={index} aria-hidden="true" className="size-5 fill-current" />
      ))}
    </span>
  );
}

/** The 'reviews' section: what our customers say (static testimonials, spec section 1). */
export function ReviewsSection() {
  return (
    <section id="reviews" aria-labelledby="reviews-title" className="scroll-mt-24 py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id="reviews-title" eyebrow="Avis" title="Ils nous confient leur véhicule">
          <p>Des clients de Granby, de Sherbrooke et de Gatineau racontent leur expérience.</p>
        </SectionHeading>
        <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {TESTIMONIALS.map((testimonial) => (
            <li key={testimonial.name}>
              <figure className="flex h-full flex-col rounded-lg border bg-card p-6 text-card-foreground shadow-sm">
                <Stars rating={testimonial.rating} />
                <blockquote className="mt-4 flex-1 leading-7">
                  <p>«&nbsp;{testimonial.text}&nbsp;»</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground"
                  >
                    {testimonial.initials}
                  </span>
                  <span>
                    <span className="block font-semibold">{testimonial.name}</span>
                    <span className="block text-sm text-muted-foreground">{testimonial.place}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
