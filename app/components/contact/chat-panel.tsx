import { CalendarPlus, Send } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";

import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { assistantMessages } from "~/lib/messages/assistant.fr";
import { cn } from "~/lib/utils";

const p = assistantMessages.panel;
const g = assistantMessages.guided;

interface Chip {
  label: string;
  value: string;
}

interface Summary {
  when: string;
  address: string;
  cars: number;
  service: string;
  extras: { name: string; price: string }[];
  subtotal: string;
  taxes: string;
  total: string;
}

type Card =
  | { kind: "summary"; summary: Summary }
  | { kind: "booked"; bookingId: string; summary: Summary; manageUrl?: string; calendarUrl?: string }
  | { kind: "booking"; booking: { booking_id: string; when: string; address: string; status_label: string } };

interface Entry {
  role: "user" | "assistant";
  text: string;
  chips?: Chip[];
  card?: Card;
}

const MENU: Chip[] = [
  { label: g.choices.book, value: "book" },
  { label: g.choices.find, value: "find" },
  { label: g.choices.prices, value: "prices" },
  { label: g.choices.area, value: "area" },
  { label: g.choices.contact, value: "contact" },
];

function SummaryCard({ summary, title }: { summary: Summary; title: string }) {
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-lg border bg-background p-3 text-sm">
      <dt className="col-span-2 font-semibold">{title}</dt>
      <dt className="text-muted-foreground">Date</dt>
      <dd>{summary.when}</dd>
      <dt className="text-muted-foreground">Adresse</dt>
      <dd className="break-words">{summary.address}</dd>
      <dt className="text-muted-foreground">Véhicules</dt>
      <dd>{summary.cars}</dd>
      <dt className="text-muted-foreground">Lavage</dt>
      <dd>{summary.service}</dd>
      {summary.extras.length > 0 && (
        <>
          <dt className="text-muted-foreground">Options</dt>
          <dd>{summary.extras.map((e) => `${e.name} (${e.price})`).join(", ")}</dd>
        </>
      )}
      <dt className="text-muted-foreground">Taxes</dt>
      <dd>{summary.taxes}</dd>
      <dt className="font-semibold">Total</dt>
      <dd className="font-semibold">{summary.total}</dd>
    </dl>
  );
}

/**
 * The assistant's chat (ADR 051), in the round button's dialog: the answers stream in, slots and
 * actions are chips, the summary is a card whose Confirmer books. The list is a live region.
 */
export function ChatPanel({ onWriteTeam }: { onWriteTeam: () => void }) {
  const [entries, setEntries] = useState<Entry[]>([{ role: "assistant", text: g.welcome, chips: MENU }]);
  const [mode, setMode] = useState<"guided" | "model" | null>(null);
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const conversation = useRef<string | undefined>(undefined);
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    void fetch("/api/assistant")
      .then((r) => r.json() as Promise<{ mode: "guided" | "model" }>)
      .then((body) => setMode(body.mode))
      .catch(() => setMode(null));
  }, []);

  useEffect(() => {
    end.current?.scrollIntoView({ block: "end" });
  }, [entries]);

  async function send(input: { text: string } | { choice: string; label: string }) {
    if (busy) return;
    setBusy(true);
    setError(null);
    const shown = "text" in input ? input.text : input.label;
    setEntries((list) => [...list, { role: "user", text: shown }, { role: "assistant", text: "" }]);
    try {
      const response = await fetch("/api/assistant", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          conversationId: conversation.current,
          ...("text" in input ? { text: input.text } : { choice: input.choice }),
        }),
      });
      if (!response.ok || !response.body) throw new Error(String(response.status));
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        const lines = buffer.split("\n");
        buffer = lines.pop() ?? "";
        for (const line of lines) {
          if (!line.trim()) continue;
          const event = JSON.parse(line) as
            | { type: "text"; delta: string }
            | { type: "reply"; conversationId: string; mode: "guided" | "model"; reply: Omit<Entry, "role"> }
            | { type: "error"; error: string };
          if (event.type === "text") {
            setEntries((list) => [
              ...list.slice(0, -1),
              { ...list.at(-1)!, text: list.at(-1)!.text + event.delta },
            ]);
          } else if (event.type === "reply") {
            conversation.current = event.conversationId;
            setMode(event.mode);
            setEntries((list) => [...list.slice(0, -1), { role: "assistant", ...event.reply }]);
          } else {
            throw new Error(event.error);
          }
        }
      }
    } catch {
      setError(p.error);
      setEntries((list) => (list.at(-1)?.text === "" ? list.slice(0, -1) : list));
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = text.trim();
    if (!value) return;
    setText("");
    void send({ text: value });
  }

  const last = entries.length - 1;
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
        <span data-testid="assistant-mode">
          {mode === "model" ? p.modeModel : mode === "guided" ? p.modeGuided : "\u00a0"}
        </span>
        <Button type="button" variant="outline" size="sm" onClick={onWriteTeam}>
          {p.writeTeam}
        </Button>
      </div>
      <div
        role="log"
        aria-live="polite"
        aria-label={p.title}
        className="flex max-h-[55vh] min-h-48 flex-col gap-3 overflow-y-auto overscroll-contain rounded-lg bg-muted/50 p-3"
      >
        {entries.map((entry, index) => (
          <div
            key={index}
            className={cn("flex min-w-0 flex-col", entry.role === "user" ? "items-end" : "items-start")}
          >
            <span className="sr-only">{entry.role === "user" ? p.you : p.assistant} :</span>
            {entry.text && (
              <p
                className={cn(
                  "max-w-[90%] rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-line",
                  entry.role === "user" ? "bg-primary text-primary-foreground" : "bg-background",
                )}
              >
                {entry.text}
              </p>
            )}
            {entry.card?.kind === "summary" && (
              <SummaryCard summary={entry.card.summary} title={p.summaryTitle} />
            )}
            {entry.card?.kind === "booked" && (
              <>
                <SummaryCard
                  summary={entry.card.summary}
                  title={`${p.bookingTitle} ${entry.card.bookingId}`}
                />
                {(entry.card.manageUrl || entry.card.calendarUrl) && (
                  <div className="mt-2 flex flex-wrap gap-2" data-testid="assistant-booked-links">
                    {entry.card.manageUrl && (
                      <Button asChild size="sm">
                        <a href={entry.card.manageUrl}>{p.manageLink}</a>
                      </Button>
                    )}
                    {entry.card.calendarUrl && (
                      <Button asChild size="sm" variant="outline">
                        <a href={entry.card.calendarUrl} download>
                          <CalendarPlus aria-hidden="true" className="size-4" />
                          {p.calendarLink}
                        </a>
                      </Button>
                    )}
                  </div>
                )}
              </>
            )}
            {entry.card?.kind === "booking" && (
              <p className="mt-2 rounded-lg border bg-background p-3 text-sm">
                <strong>
                  {p.bookingTitle} {entry.card.booking.booking_id}
                </strong>
                <br />
                {entry.card.booking.when} · {entry.card.booking.address} · {entry.card.booking.status_label}
              </p>
            )}
            {index === last && entry.chips && entry.chips.length > 0 && (
              <div className="mt-2 flex flex-wrap gap-2">
                {entry.chips.map((chip) => (
                  <Button
                    key={chip.value}
                    type="button"
                    size="sm"
                    variant={chip.value === "confirm" ? "default" : "outline"}
                    disabled={busy}
                    onClick={() => void send({ choice: chip.value, label: chip.label })}
                  >
                    {chip.label}
                  </Button>
                ))}
              </div>
            )}
          </div>
        ))}
        <div ref={end} />
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <form onSubmit={submit} className="flex gap-2">
        <Input
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-label={p.placeholder}
          placeholder={p.placeholder}
          maxLength={1000}
          autoComplete="off"
          className="min-w-0 flex-1"
        />
        <Button type="submit" size="icon" aria-label={p.send} disabled={busy}>
          <Send aria-hidden="true" className="size-4" />
        </Button>
      </form>
    </div>
  );
}
