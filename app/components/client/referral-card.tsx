import { Check, Copy, Gift, Share2 } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { REFERRAL_DISCOUNT_CENTS, REFERRAL_POINTS } from "~/domain/offers/promo";
import { formatMoney } from "~/lib/format";
import { offersMessages } from "~/lib/messages/offers.fr";
import { useHydrated } from "~/lib/use-hydrated";

const r = offersMessages.referral;
/** How long « Copié ! » stays after a copy. */
const COPIED_MS = 2500;

/**
 * The client's personal referral code and link (ADR 050), with the rules. Without JavaScript the
 * link is a read-only field to select; once hydrated, « Copier » (Clipboard API, with a spoken and
 * visible « Copié ! ») and, where the browser has Web Share, « Partager » (issue 33).
 */
export function ReferralCard({ code, link, uses }: { code: string; link: string; uses: number }) {
  const id = useId();
  const linkId = `${id}-link`;
  const hydrated = useHydrated();
  const canShare = hydrated && typeof navigator !== "undefined" && typeof navigator.share === "function";
  const [status, setStatus] = useState<"copied" | "failed" | null>(null);

  useEffect(() => {
    if (status !== "copied") return;
    const timer = setTimeout(() => setStatus(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [status]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setStatus("copied");
    } catch {
      // No clipboard (permission refused, page not served over HTTPS): the field is selected.
      (document.getElementById(linkId) as HTMLInputElement | null)?.select();
      setStatus("failed");
    }
  }

  async function share() {
    try {
      await navigator.share({
        title: r.shareTitle,
        text: r.shareText(formatMoney(REFERRAL_DISCOUNT_CENTS), code),
        url: link,
      });
    } catch {
      // Closed by the user (AbortError) or refused: nothing to say, the link stays on the card.
    }
  }

  return (
    <Card data-testid="referral-card">
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle as="h2">{r.title}</CardTitle>
          <CardDescription>{r.intro(formatMoney(REFERRAL_DISCOUNT_CENTS), REFERRAL_POINTS)}</CardDescription>
        </div>
        <Gift aria-hidden="true" className="size-7 shrink-0 text-primary" />
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <div className="grid gap-1">
          <p className="text-muted-foreground">{r.codeLabel}</p>
          <p className="font-mono text-lg font-semibold tracking-wider" data-testid="referral-code">
            {code}
          </p>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={linkId}>{r.linkLabel}</Label>
          <Input
            id={linkId}
            readOnly
            value={link}
            onFocus={(event) => event.currentTarget.select()}
            className="font-mono text-xs md:text-xs"
          />
          {hydrated ? (
            <div className="flex flex-wrap items-center gap-2">
              <Button type="button" variant="outline" onClick={copy}>
                {status === "copied" ? (
                  <Check aria-hidden="true" className="text-success" />
                ) : (
                  <Copy aria-hidden="true" />
                )}
                {r.copy}
              </Button>
              {canShare ? (
                <Button type="button" variant="outline" onClick={share}>
                  <Share2 aria-hidden="true" />
                  {r.share}
                </Button>
              ) : null}
            </div>
          ) : null}
          <p role="status" aria-live="polite" className="min-h-5 text-sm" data-testid="referral-copy-status">
            {status === "copied" ? (
              <span className="font-medium text-success">{r.copied}</span>
            ) : status === "failed" ? (
              r.copyError
            ) : null}
          </p>
        </div>
        <p className="text-muted-foreground">{r.rules}</p>
        <p>{r.used(uses)}</p>
      </CardContent>
    </Card>
  );
}
