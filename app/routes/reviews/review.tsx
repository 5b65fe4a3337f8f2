import { data, Form, Link, useNavigation } from "react-router";
import { FormErrors } from "~/components/forms/form-errors";
import { ReviewPolicy } from "~/components/reviews/review-policy";
import { StarRatingInput } from "~/components/reviews/star-rating";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { REVIEW_LIMITS, ReviewFormSchema } from "~/domain/reviews/reviews";
import { reviewsMessages } from "~/lib/messages/reviews.fr";
import { getSessionUser } from "~/server/auth.server";
import { getDb } from "~/server/db.server";
import { failureOf } from "~/server/http/failure.server";
import { loadReviewPage, saveReview, type ReviewAccess } from "~/server/services/reviews/reviews.server";
import type { Route } from "./+types/review";
import { formatDate } from "~/domain/time/format-instant";

const t = reviewsMessages.page;
const p = reviewsMessages.policy;

export const meta: Route.MetaFunction = () => [
  { title: `${t.metaTitle} | Lavage Mobile Prestige` },
  { name: "robots", content: "noindex" },
];

async function access(request: Request, bookingId: string, token: string): Promise<ReviewAccess> {
  const user = await getSessionUser(request);
  return { bookingId, token, user: user ? { id: user.id, role: user.role } : null };
}

function pageData(page: NonNullable<Awaited<ReturnType<typeof loadReviewPage>>>, token: string) {
  const { review } = page;
  return {
    state: "ready" as const,
    token,
    bookingId: page.bookingId,
    serviceName: page.serviceName,
    date: formatDate(page.startAt),
    editable: page.editable,
    editableUntil: page.editableUntil ? formatDate(page.editableUntil) : null,
    values: {
      rating: review?.rating,
      comment: review?.comment ?? "",
      display_name: review?.displayName || page.defaultName,
      publish_consent: review ? review.publishConsent : false,
    },
    exists: review !== null,
    published: review !== null && review.publishConsent && review.hiddenAt === null,
    hiddenReason: review?.hiddenReason ? p.reasonLabels[review.hiddenReason] : null,
    response: review?.response ?? null,
  };
}

/** The link's token or the owner's session opens the page; anything else reads 'invalid link'. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const page = await loadReviewPage(getDb(), await access(request, params.bookingId, token));
  if (!page) return data({ state: "invalid" as const }, { status: 404 });
  return pageData(page, token);
}

type FieldErrors = Partial<Record<"rating" | "comment" | "display_name", string>>;

/** A plain form POST (works without JavaScript), checked with the form's schema. */
export async function action({ request, params }: Route.ActionArgs) {
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  const raw = {
    rating: form.get("rating") ?? undefined,
    comment: String(form.get("comment") ?? ""),
    display_name: String(form.get("display_name") ?? ""),
    publish_consent: form.get("publish_consent") ? "on" : undefined,
  };
  const who = await access(request, params.bookingId, token);
  // Whoever may not open the page is refused before the form is read (as a wrong link).
  if (!(await loadReviewPage(getDb(), who))) {
    return data({ ok: false as const, errors: {}, formError: t.invalidText, values: null }, { status: 404 });
  }
  const parsed = ReviewFormSchema.safeParse(raw);
  if (!parsed.success) {
    const errors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof FieldErrors;
      errors[key] ??= issue.message;
    }
    return data(
      {
        ok: false as const,
        errors,
        formError: null,
        values: {
          rating: Number(raw.rating) || undefined,
          comment: raw.comment,
          display_name: raw.display_name,
          publish_consent: raw.publish_consent === "on",
        },
      },
      { status: 400 },
    );
  }
  try {
    const { review } = await saveReview(getDb(), who, parsed.data);
    return { ok: true as const, published: review.publishConsent && review.hiddenAt === null };
  } catch (error) {
    const { status, message } = failureOf(error, {
      APPOINTMENT_NOT_CHANGEABLE: reviewsMessages.errors.tooLate,
      NOT_FOUND: t.invalidText,
    });
    return data({ ok: false as const, errors: {}, formError: message, values: null }, { status });
  }
}

export default function ReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (loaderData.state === "invalid") {
    return (
      <section className="mx-auto grid w-full max-w-xl gap-6 px-4 py-16">
        <h1 className="text-3xl font-bold tracking-tight">{t.title}</h1>
        <Alert variant="destructive">
          <AlertTitle>{t.invalidTitle}</AlertTitle>
          <AlertDescription>{t.invalidText}</AlertDescription>
        </Alert>
        <Link to="/" className="font-medium text-primary underline-offset-4 hover:underline">
          {t.home}
        </Link>
      </section>
    );
  }
  const failed = actionData && !actionData.ok ? actionData : null;
  const values = failed?.values ?? loaderData.values;
  const errors: FieldErrors = failed?.errors ?? {};
  const saved = actionData?.ok ? actionData : null;
  const formErrors = failed?.formError ? [failed.formError] : undefined;

  return (
    <section className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-10 sm:py-16">
      <header className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t.title}</h1>
        <p className="text-muted-foreground">{t.intro(loaderData.date, loaderData.serviceName)}</p>
      </header>

      {saved ? (
        <Alert variant="success" role="status">
          <AlertTitle>{t.saved}</AlertTitle>
          <AlertDescription>{saved.published ? t.savedPublished : t.savedPrivate}</AlertDescription>
        </Alert>
      ) : null}
      {loaderData.hiddenReason ? (
        <Alert>
          <AlertDescription>{t.hidden(loaderData.hiddenReason)}</AlertDescription>
        </Alert>
      ) : null}

      {loaderData.editable ? (
        <Form method="post" className="grid gap-6" noValidate aria-describedby="review-form-errors">
          <input type="hidden" name="token" value={loaderData.token} />
          <FormErrors id="review-form-errors" errors={formErrors} />
          <StarRatingInput
            key={`rating-${values.rating ?? "none"}`}
            name="rating"
            defaultValue={values.rating}
            error={errors.rating}
            errorId="rating-error"
          />
          <Field label={t.comment} description={t.commentHint} error={errors.comment}>
            <Textarea
              name="comment"
              rows={5}
              maxLength={REVIEW_LIMITS.comment}
              defaultValue={values.comment}
            />
          </Field>
          <Field label={t.displayName} description={t.displayNameHint} error={errors.display_name} required>
            <Input
              name="display_name"
              maxLength={REVIEW_LIMITS.displayName}
              autoComplete="off"
              defaultValue={values.display_name}
              required
            />
          </Field>
          <div className="grid gap-1">
            <label className="flex items-start gap-3 text-sm font-medium">
              <input
                type="checkbox"
                name="publish_consent"
                defaultChecked={values.publish_consent}
                aria-describedby="publish-consent-hint"
                className="mt-0.5 size-5 shrink-0 accent-primary"
              />
              {t.consent}
            </label>
            <p id="publish-consent-hint" className="pl-8 text-sm text-muted-foreground">
              {t.consentHint}
            </p>
          </div>
          <ReviewPolicy headingLevel={2} />
          {loaderData.editableUntil ? (
            <p className="text-sm text-muted-foreground">{t.editableUntil(loaderData.editableUntil)}</p>
          ) : null}
          <Button
            type="submit"
            size="lg"
            className="justify-self-start"
            loading={navigation.state !== "idle"}
          >
            {loaderData.exists || saved ? t.update : t.submit}
          </Button>
        </Form>
      ) : (
        <Alert>
          <AlertDescription>{t.locked}</AlertDescription>
        </Alert>
      )}

      {loaderData.response ? (
        <section aria-labelledby="review-response-title" className="grid gap-1 rounded-lg bg-muted p-4">
          <h2 id="review-response-title" className="text-sm font-semibold">
            {t.response}
          </h2>
          <p className="text-sm">{loaderData.response}</p>
        </section>
      ) : null}
    </section>
  );
}
