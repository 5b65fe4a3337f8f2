/**
 * The phone's queue of status taps made offline (ADR 088, as the photos' queue): a tap is kept in
 * IndexedDB with the time it was made, and sent to /crew/status once the network is back, in the
 * order the taps were made. Its key is the stop and the step, so a step tapped twice offline waits
 * once; the server records a step once whatever the retries.
 */
import type { CrewStep } from "~/domain/crew/status";
import { canQueuePhotos, queuedPhotos } from "~/lib/photo-queue.client";

export interface QueuedStatus {
  /** `${appointmentId}:${status}` */
  id: string;
  appointmentId: string;
  status: CrewStep;
  tappedAt: number;
}

const DB_NAME = "crew-status";
const STORE = "queue";
/** Told to every status panel of the page when the queue changes. */
export const STATUS_QUEUE_EVENT = "crew-status-queue";

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "id" });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = act(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

const changed = () => window.dispatchEvent(new Event(STATUS_QUEUE_EVENT));

export function canQueueStatus(): boolean {
  return typeof indexedDB !== "undefined";
}

/** Keeps a tap; the same step of the same stop tapped again keeps its first time. */
export async function queueStatus(appointmentId: string, status: CrewStep, tappedAt = Date.now()) {
  const id = `${appointmentId}:${status}`;
  const known = await run<QueuedStatus | undefined>(
    "readonly",
    (store) => store.get(id) as IDBRequest<QueuedStatus | undefined>,
  );
  if (!known) await run("readwrite", (store) => store.put({ id, appointmentId, status, tappedAt }));
  changed();
}

export async function queuedStatuses(): Promise<QueuedStatus[]> {
  const all = await run<QueuedStatus[]>("readonly", (store) => store.getAll() as IDBRequest<QueuedStatus[]>);
  return all.sort((a, b) => a.tappedAt - b.tappedAt);
}

async function drop(id: string) {
  await run("readwrite", (store) => store.delete(id) as IDBRequest<undefined>);
  changed();
}

export type StatusOutcome =
  { kind: "sent"; tap: QueuedStatus } | { kind: "refused"; tap: QueuedStatus; error: string };

let flushing: Promise<StatusOutcome[]> | null = null;

/**
 * Sends the kept taps in order; stops at the first that must wait (offline, 5xx, 429, signed
 * out) and keeps it and the later ones. « Terminé » waits while photos of its stop are still on the
 * phone (the server asks for them). A refusal for good (a cancelled stop, a step passed) drops the
 * tap and says why. One flush at a time for the whole page.
 */
export function flushStatuses(): Promise<StatusOutcome[]> {
  flushing ??= (async () => {
    const outcomes: StatusOutcome[] = [];
    try {
      for (const tap of await queuedStatuses()) {
        if (
          tap.status === "finished" &&
          canQueuePhotos() &&
          (await queuedPhotos()).some((p) => p.appointmentId === tap.appointmentId)
        )
          break;
        const body = new FormData();
        body.set("appointmentId", tap.appointmentId);
        body.set("status", tap.status);
        body.set("tappedAt", String(tap.tappedAt));
        let response: Response;
        try {
          response = await fetch("/crew/status", { method: "POST", body });
        } catch {
          break;
        }
        // Signed out (a redirect to the sign-in page), limited or down: the tap waits.
        if (
          response.redirected ||
          response.status === 429 ||
          response.status === 401 ||
          response.status >= 500
        )
          break;
        if (response.ok) {
          outcomes.push({ kind: "sent", tap });
        } else {
          const answer = (await response.json().catch(() => null)) as { error?: string } | null;
          outcomes.push({ kind: "refused", tap, error: answer?.error ?? "" });
        }
        await drop(tap.id);
      }
    } finally {
      flushing = null;
    }
    return outcomes;
  })();
  return flushing;
}
