import { useEffect, useState } from "react";
import { z } from "~/lib/zod-fr";

/** docs/product.md, section 9: the appointment is polled every 500 ms, 60 times at most. */
const POLL_INTERVAL_MS = 500;
const POLL_ATTEMPTS = 60;

/** The part of GET /api/appointments/{bookingId} this page uses. */
const AppointmentSchema = z.object({
  bookingId: z.string(),
  status: z.string(),
  start: z.string(),
  end: z.string(),
  zone: z.object({ name: z.string() }),
  service: z.object({ name: z.string() }),
  cars: z.number().int().min(1),
  price: z.object({
    servicesCents: z.number().int().nonnegative(),
    subtotalCents: z.number().int().nonnegative(),
    discountCents: z.number().int().nonnegative().catch(0),
    tpsCents: z.number().int().nonnegative(),
    tvqCents: z.number().int().nonnegative(),
    totalCents: z.number().int().nonnegative(),
  }),
  upsells: z.array(z.object({ name: z.string(), priceCents: z.number().int().nonnegative() })),
  promoCode: z.string().nullable().catch(null),
  customer: z
    .object({ email: z.string(), address: z.string(), postalCode: z.string().nullable() })
    .optional(),
});
export type Appointment = z.infer<typeof AppointmentSchema>;

type Lookup = { state: "searching" } | { state: "found"; appointment: Appointment } | { state: "notFound" };

/**
 * Polls the appointment until it exists, POLL_ATTEMPTS times at most; stops on unmount. With the
 * manage token (router state, never the URL) the answer carries the address. `version` reloads it.
 */
export function useAppointmentLookup(bookingId: string, token: string | undefined, version: number): Lookup {
  // Tagged with its booking id: another id in the URL starts from 'searching' again.
  const [lookup, setLookup] = useState<{ bookingId: string; result: Lookup } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;

    async function attempt() {
      attempts += 1;
      try {
        const query = token ? `?${new URLSearchParams({ token }).toString()}` : "";
        const response = await fetch(`/api/appointments/${encodeURIComponent(bookingId)}${query}`, {
          headers: { accept: "application/json" },
          signal: controller.signal,
        });
        if (response.ok) {
          const parsed = AppointmentSchema.safeParse(await response.json());
          if (parsed.success) {
            setLookup({ bookingId, result: { state: "found", appointment: parsed.data } });
            return;
          }
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        console.error(error);
      }
      if (attempts >= POLL_ATTEMPTS) setLookup({ bookingId, result: { state: "notFound" } });
      else timer = setTimeout(attempt, POLL_INTERVAL_MS);
    }

    void attempt();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [bookingId, token, version]);
  return lookup?.bookingId === bookingId ? lookup.result : { state: "searching" };
}

/** The manage link's token, from the link the wizard left in the router state. */
export function tokenOf(manageUrl: string | undefined): string | undefined {
  if (!manageUrl) return undefined;
  try {
    return new URL(manageUrl).searchParams.get("token") ?? undefined;
  } catch {
    return undefined;
  }
}
