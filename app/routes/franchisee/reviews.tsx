import { data, Form, redirect, useActionData, useNavigation } from "react-router";

import { ManagedReview } from "~/components/reviews/managed-review";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";
import { REVIEW_LIMITS, ReviewResponseSchema } from "~/domain/reviews/reviews";
import { reviewsMessages } from "~/lib/messages/reviews.fr";
import { flashHeaders } from "~/server/flash.server";
import { listFranchiseeReviews, respondToReview } from "~/server/services/reviews/reviews.server";
import { failureOf } from "~/server/http/failure.server";
import type { Route } from "./+types/reviews";
import { requireFranchisee } from "./guard.server";

const t = reviewsMessages.franchisee;
const e = reviewsMessages.errors;

export const meta: Route.MetaFunction = () => [
  { title: `${t.title} | Lavage Mobile Prestige` },
  { name: "robots", content: "noindex" },
];

/** The reviews of this franchisee's washes only (ADR 019's data scope). */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { franchisee, db } = await requireFranchisee({ request, url });
  return { reviews: await listFranchiseeReviews(db, franchisee.id) };
}

/** The one public answer to a review of its own wash (a plain form POST). */
export async function action({ request, url }: Route.ActionArgs) {
  const { franchisee, user, db } = await requireFranchisee({ request, url });
  const form = Object.fromEntries(await request.formData());
  const parsed = ReviewResponseSchema.safeParse(form);
  const reviewId = typeof form.review_id === "string" ? form.review_id : "";
  const fail = (status: number, error: string) =>
    data({ reviewId, error, value: typeof form.response === "string" ? form.response : "" }, { status });
  if (!parsed.success) return fail(400, parsed.error.issues[0]?.message ?? e.response);
  try {
    await respondToReview(db, {
      reviewId: parsed.data.review_id,
      franchiseeId: franchisee.id,
      userId: user.id,
      response: parsed.data.response,
    });
  } catch (error) {
    const { status, message } = failureOf(error, {
      NOT_FOUND: e.notFound,
      APPOINTMENT_NOT_CHANGEABLE: e.alreadyAnswered,
    });
    return fail(status, message);
  }
  throw redirect("/franchisee/reviews", { headers: await flashHeaders({ title: t.responded }) });
}

export default function FranchiseeReviews({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <div className="grid gap-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t.title}</h1>
        <p className="max-w-2xl text-muted-foreground">{t.intro}</p>
      </header>
      {loaderData.reviews.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">
          {t.empty}
        </p>
      ) : (
        <ul className="grid gap-4">
          {loaderData.reviews.map((review) => {
            const failed = actionData?.reviewId === review.id ? actionData : null;
            return (
              <ManagedReview key={review.id} review={review}>
                {review.response ? null : (
                  <Form method="post" className="grid gap-3">
                    <input type="hidden" name="review_id" value={review.id} />
                    <Field label={t.responseLabel} error={failed?.error}>
                      <Textarea
                        name="response"
                        rows={3}
                        maxLength={REVIEW_LIMITS.response}
                        defaultValue={failed?.value}
                        required
                      />
                    </Field>
                    <Button
                      type="submit"
                      variant="outline"
                      className="justify-self-start"
                      loading={navigation.formData?.get("review_id") === review.id}
                    >
                      {t.respond}
                    </Button>
                  </Form>
                )}
              </ManagedReview>
            );
          })}
        </ul>
      )}
    </div>
  );
}
