import { data, Form, useActionData, useNavigation } from "react-router";
import { NativeSelect } from "~/components/admin/native-select";
import { EmptyState, PageHeader } from "~/components/admin/page-header";
import { ManagedReview } from "~/components/reviews/managed-review";
import { ReviewPolicy } from "~/components/reviews/review-policy";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { HIDE_REASONS, HideReviewSchema } from "~/domain/reviews/reviews";
import { reviewsMessages } from "~/lib/messages/reviews.fr";
import { requireRole } from "~/server/http/require-role.server";
import { getDb } from "~/server/db.server";
import { hideReview, listAllReviews, restoreReview } from "~/server/services/reviews/reviews.server";
import { redirectWithToast } from "./admin-answers.server";
import { failureOf } from "~/server/http/failure.server";
import type { Route } from "./+types/reviews";
import { formatDateTime } from "~/domain/time/format-instant";

const t = reviewsMessages.admin;
const p = reviewsMessages.policy;
const e = reviewsMessages.errors;

export const meta: Route.MetaFunction = () => [
  { title: `${t.title} | Lavage Mobile Prestige` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireRole({ request, url }, ["admin"]);
  return { reviews: await listAllReviews(getDb()) };
}

/**
 * Hide (a reason of the policy is required: the server refuses anything else) or restore; both
 * are logged with who and when (ADR 049).
 */
export async function action({ request, url }: Route.ActionArgs) {
  const admin = await requireRole({ request, url }, ["admin"]);
  const form = Object.fromEntries(await request.formData());
  const reviewId = typeof form.review_id === "string" ? form.review_id : "";
  const fail = (status: number, error: string) => data({ reviewId, error }, { status });
  try {
    if (form.intent === "restore") {
      if (!HideReviewSchema.shape.review_id.safeParse(reviewId).success) return fail(404, e.notFound);
      await restoreReview(getDb(), { reviewId, actorId: admin.id });
      return redirectWithToast(url, t.restoredDone);
    }
    const parsed = HideReviewSchema.safeParse(form);
    if (!parsed.success) return fail(400, e.reason);
    await hideReview(getDb(), {
      reviewId: parsed.data.review_id,
      reason: parsed.data.reason,
      actorId: admin.id,
    });
  } catch (error) {
    const { status, message } = failureOf(error, { NOT_FOUND: e.notFound, VALIDATION: e.reason });
    return fail(status, message);
  }
  return redirectWithToast(url, t.hiddenDone);
}

export default function AdminReviews({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <div className="grid gap-8">
      <PageHeader title={t.title} description={t.intro} />
      <ReviewPolicy />
      {loaderData.reviews.length === 0 ? (
        <EmptyState>{t.empty}</EmptyState>
      ) : (
        <ul className="grid gap-4">
          {loaderData.reviews.map((review) => {
            const failed = actionData?.reviewId === review.id ? actionData : null;
            const busy = navigation.formData?.get("review_id") === review.id;
            return (
              <ManagedReview key={review.id} review={review}>
                {review.hiddenAt && review.hiddenReason ? (
                  <Form method="post" className="flex flex-wrap items-center gap-3">
                    <p className="text-sm text-muted-foreground">
                      {t.hiddenInfo(
                        p.reasonLabels[review.hiddenReason],
                        review.hiddenByName ?? "—",
                        formatDateTime(review.hiddenAt, "medium"),
                      )}
                    </p>
                    <input type="hidden" name="review_id" value={review.id} />
                    <Button
                      type="submit"
                      name="intent"
                      value="restore"
                      variant="outline"
                      size="sm"
                      loading={busy}
                    >
                      {t.restore}
                    </Button>
                  </Form>
                ) : (
                  <Form method="post" className="flex flex-wrap items-end gap-3">
                    <input type="hidden" name="review_id" value={review.id} />
                    <Field label={t.reason} error={failed?.error}>
                      <NativeSelect name="reason" defaultValue="">
                        <option value="">{t.chooseReason}</option>
                        {HIDE_REASONS.map((reason) => (
                          <option key={reason} value={reason}>
                            {p.reasonLabels[reason]}
                          </option>
                        ))}
                      </NativeSelect>
                    </Field>
                    <Button type="submit" name="intent" value="hide" variant="outline" loading={busy}>
                      {t.hide}
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
