import { CalendarPlus, Check, Copy, RefreshCw } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Form, useNavigation } from "react-router";

import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/toast";
import { calendarMessages } from "~/lib/messages/calendar.fr";

const t = calendarMessages;
/** How long the button shows its check mark after a copy. */
const COPIED_MS = 2000;

/** What the page's action answers after « Renouveler le lien » (or « Créer mon lien »). */
export type CalendarFeedActionData = { ok: true; renewed: boolean } | { ok: false; error: string };

/**
 * « Mon calendrier » (ADR 082): the private subscription link, a copy button, the webcal:// link
 * for Apple Calendar and Outlook, Google Calendar's steps, and the renewal form (a plain post).
 */
export function CalendarFeedPanel({
  feed,
  intro,
  answer,
  titleAs: Title = "h2",
}: {
  /** The page's own title (h1) when the panel is the whole page. */
  titleAs?: "h1" | "h2";
  feed: { url: string; webcal: string; since: string } | null;
  intro: string;
  answer: CalendarFeedActionData | undefined;
}) {
  const inputId = useId();
  const busy = useNavigation().state === "submitting";
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast({ title: t.copied });
    } catch {
      // No clipboard (permission refused, page not served over HTTPS): the field stays selectable.
      (document.getElementById(inputId) as HTMLInputElement | null)?.select();
    }
  }

  return (
    <section aria-labelledby={`${inputId}-title`} className="grid gap-4 rounded-lg border bg-card p-4">
      <Title id={`${inputId}-title`} className="flex items-center gap-2 text-xl font-bold tracking-tight">
        <CalendarPlus aria-hidden="true" className="size-5" />
        {t.title}
      </Title>
      <p className="text-sm text-muted-foreground">{intro}</p>
      {answer?.ok ? (
        <Alert variant="success" aria-live="polite">
          <p>{answer.renewed ? t.renewed : t.created}</p>
        </Alert>
      ) : answer ? (
        <Alert variant="destructive">
          <p>{answer.error}</p>
        </Alert>
      ) : null}
      {feed ? (
        <>
          <div className="grid gap-2">
            <label htmlFor={inputId} className="text-sm font-medium">
              {t.urlLabel}
            </label>
            <div className="flex min-w-0 flex-wrap gap-2">
              <Input
                id={inputId}
                readOnly
                value={feed.url}
                onFocus={(event) => event.currentTarget.select()}
                className="min-w-0 flex-1 basis-56 font-mono text-xs md:text-xs"
              />
              <Button type="button" variant="outline" onClick={() => copy(feed.url)}>
                {copied ? <Check aria-hidden="true" className="text-success" /> : <Copy aria-hidden="true" />}
                {t.copy}
              </Button>
            </div>
            <p className="text-xs text-muted-foreground">{feed.since}</p>
          </div>
          <Button asChild variant="secondary" className="justify-self-start">
            <a href={feed.webcal}>{t.openWebcal}</a>
          </Button>
          <div className="grid gap-1 text-sm">
            <h3 className="font-medium">{t.googleTitle}</h3>
            <ol className="list-decimal space-y-1 pl-5">
              {t.googleSteps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            <p className="text-xs text-muted-foreground">{t.googleNote}</p>
          </div>
          <p className="text-xs text-muted-foreground">{t.privateNote}</p>
        </>
      ) : (
        <p className="text-sm">{t.none}</p>
      )}
      <Form method="post" className="grid gap-2">
        <input type="hidden" name="intent" value="renew-calendar" />
        {feed ? <p className="text-sm text-muted-foreground">{t.renewWarning}</p> : null}
        <Button
          type="submit"
          variant={feed ? "outline" : "default"}
          disabled={busy}
          className="justify-self-start"
        >
          <RefreshCw aria-hidden="true" />
          {feed ? t.renew : t.create}
        </Button>
      </Form>
    </section>
  );
}
