import { Gift } from "lucide-react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { canAfford } from "~/domain/loyalty/levels";
import { clientMessages } from "~/lib/messages/client.fr";
import { formatDate } from "~/domain/time/format-instant";

const t = clientMessages.rewards;

export interface ShopReward {
  id: string;
  name: string;
  description: string;
  pointsCost: number;
}

/**
 * The first rewards by cost, each with 'Échanger', disabled without a profile or enough points
 * (docs/product.md, section 5). 'Échanger' asks first (issue 15): a GET form opens `?exchange={id}`, which
 * shows the cost and the balance after, with 'Confirmer l'échange' (the POST) and 'Annuler'.
 * Plain forms and a link: it works before the page is interactive, and without JavaScript.
 */
export function RewardsShop({ rewards, points }: { rewards: ShopReward[]; points: number | null }) {
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const confirming = params.get("exchange");
  const pendingReward =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "exchange"
      ? navigation.formData.get("reward_id")
      : null;
  if (rewards.length === 0) return <p className="text-sm text-muted-foreground">{t.empty}</p>;
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {rewards.map((reward) => {
        const affordable = canAfford(points, reward.pointsCost);
        const missingId = `reward-${reward.id}-missing`;
        return (
          <li key={reward.id} className="flex flex-col gap-3 rounded-lg border bg-background p-4">
            <div className="flex items-start gap-3">
              <Gift aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
              <div className="grid gap-1">
                <h3 className="font-semibold">{reward.name}</h3>
                <p className="text-sm text-muted-foreground">{reward.description}</p>
              </div>
            </div>
            <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm font-semibold">{t.cost(reward.pointsCost)}</p>
              {confirming === reward.id && affordable ? null : (
                <Form method="get" preventScrollReset>
                  <Button
                    type="submit"
                    size="sm"
                    name="exchange"
                    value={reward.id}
                    disabled={!affordable || pendingReward !== null}
                    aria-label={t.exchangeReward(reward.name)}
                    aria-describedby={affordable ? undefined : missingId}
                  >
                    {t.exchange}
                  </Button>
                </Form>
              )}
            </div>
            {confirming === reward.id && affordable ? (
              <div
                role="group"
                aria-labelledby={`reward-${reward.id}-confirm`}
                className="grid gap-3 rounded-md border border-primary/40 bg-primary/5 p-3"
              >
                <p id={`reward-${reward.id}-confirm`} className="font-semibold">
                  {t.confirmTitle(reward.name)}
                </p>
                <p className="text-sm">
                  {t.confirmText(t.cost(reward.pointsCost), t.cost((points ?? 0) - reward.pointsCost))}
                </p>
                <div className="flex flex-wrap gap-2">
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="exchange" />
                    <input type="hidden" name="reward_id" value={reward.id} />
                    <Button
                      type="submit"
                      size="sm"
                      disabled={pendingReward !== null}
                      loading={pendingReward === reward.id}
                    >
                      {pendingReward === reward.id ? t.exchanging : t.confirm}
                    </Button>
                  </Form>
                  <Button asChild size="sm" variant="outline">
                    <Link to="/client" preventScrollReset>
                      {t.cancel}
                    </Link>
                  </Button>
                </div>
              </div>
            ) : null}
            {affordable ? null : (
              <p id={missingId} className="text-xs text-muted-foreground">
                {t.missing(reward.pointsCost - (points ?? 0))}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export interface RedemptionItem {
  id: string;
  pointsSpent: number;
  redeemedAt: string;
  reward: { id: string; name: string };
}

/** The rewards obtained, most recent first, with the joined reward. */
export function RedemptionList({ items }: { items: RedemptionItem[] }) {
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{t.redemptionsEmpty}</p>;
  return (
    <>
      <ul className="grid gap-2">
        {items.map((item) => (
          <li
            key={item.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm"
          >
            <span className="font-medium">{item.reward.name}</span>
            <span className="text-muted-foreground">
              {t.redeemedOn(formatDate(item.redeemedAt))} · {t.spent(item.pointsSpent)}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-muted-foreground">{t.howToUse}</p>
    </>
  );
}
