/**
 * A returning visitor's details kept on their own device (issue 33, item 1; ADR 107): name,
 * e-mail, phone and address in this browser's localStorage, only when the visitor ticks « Se
 * souvenir de mes coordonnées sur cet appareil », with a button that forgets them. Nothing is
 * sent to the server for it; without JavaScript the box is not shown and the form works as before.
 */
import {
  useCallback,
  useEffect,
  useEffectEvent,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type FormEvent,
} from "react";
import { z } from "~/lib/zod-fr";
import { wizardMessages } from "~/lib/messages/wizard.fr";
import { Button } from "~/components/ui/button";

const w = wizardMessages;
const STORAGE_KEY = "lavage:coordonnees";

const RememberedSchema = z.object({
  name: z.string().max(200),
  email: z.string().max(320),
  phone: z.string().max(40),
  address: z.string().max(300),
});
type RememberedDetails = z.infer<typeof RememberedSchema>;

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
function rawDetails(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function parse(raw: string | null): RememberedDetails | null {
  if (!raw) return null;
  try {
    const parsed = RememberedSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The details kept on this device, or null (none, unreadable, or storage refused). */
export function readRememberedDetails(): RememberedDetails | null {
  return parse(rawDetails());
}

/** Keeps or erases the details; `notify` re-renders the box (not while the page is leaving). */
function store(details: RememberedDetails | null, notify: boolean) {
  try {
    if (details) window.localStorage.setItem(STORAGE_KEY, JSON.stringify(details));
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private browsing): nothing is kept, the booking goes on.
  }
  if (notify) for (const listener of listeners) listener();
}

type Fields = Record<keyof RememberedDetails, { name: string }>;

/**
 * For the booking form of a visitor (not signed in): fills the empty fields from the details kept
 * here once hydrated (`fill` hears of each), offers the box and the « Oublier » button (`element`), and keeps or
 * forgets the details as the box says once the booking is made (`onSubmit`, then `onBooked`).
 */
export function useRememberedDetails(
  enabled: boolean,
  fields: Fields,
  fill: (name: string, value: string) => void,
) {
  const names = {
    name: fields.name.name,
    email: fields.email.name,
    phone: fields.phone.name,
    address: fields.address.name,
  };
  const raw = useSyncExternalStore(subscribe, rawDetails, () => null);
  const kept = useMemo(() => (enabled ? parse(raw) : null), [enabled, raw]);
  // Ticked while details are kept, until the visitor unticks it.
  const [choice, setChoice] = useState<boolean | null>(null);
  const remember = choice ?? kept !== null;
  const [forgotten, setForgotten] = useState(false);
  const pending = useRef<RememberedDetails | null | undefined>(undefined);
  const filled = useRef(false);

  // Only the fields still empty: what the server filled or the visitor typed stays.
  const fillEmpty = useEffectEvent((details: RememberedDetails) => {
    for (const key of Object.keys(names) as (keyof RememberedDetails)[]) {
      const input = document.querySelector<HTMLInputElement>(`form#booking [name="${names[key]}"]`);
      if (!input || input.value !== "" || !details[key]) continue;
      // Straight into the field, as the browser's autofill does: the form reads its fields when
      // sent (a Conform update would submit an intent while the visitor is choosing).
      input.value = details[key];
      fill(names[key], details[key]);
    }
  });
  useEffect(() => {
    if (!kept || filled.current) return;
    filled.current = true;
    fillEmpty(kept);
  }, [kept]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!enabled) return;
    const data = new FormData(event.currentTarget);
    const value = (key: keyof RememberedDetails) => String(data.get(names[key]) ?? "").trim();
    pending.current = remember
      ? { name: value("name"), email: value("email"), phone: value("phone"), address: value("address") }
      : null;
  };
  const onBooked = useCallback(() => {
    // The page is leaving for the success page: no re-render of this form on the way.
    if (pending.current !== undefined) store(pending.current, false);
    pending.current = undefined;
  }, []);

  const element = enabled ? (
    <div className="grid gap-1">
      <div className="flex items-start gap-3">
        <input
          id="remember-details"
          type="checkbox"
          checked={remember}
          onChange={(event) => setChoice(event.target.checked)}
          aria-describedby="remember-details-hint"
          className="mt-0.5 size-5 shrink-0 accent-primary"
        />
        <label htmlFor="remember-details" className="text-sm leading-snug">
          {w.remember}
        </label>
      </div>
      <p id="remember-details-hint" className="pl-8 text-sm text-muted-foreground">
        {forgotten ? w.forgotten : kept ? w.remembered : w.rememberHint}
      </p>
      {kept ? (
        <Button
          type="button"
          variant="link"
          className="justify-self-start pl-8"
          onClick={() => {
            store(null, true);
            setChoice(false);
            setForgotten(true);
          }}
        >
          {w.forget}
        </Button>
      ) : null}
    </div>
  ) : null;

  return { element, onSubmit, onBooked };
}
