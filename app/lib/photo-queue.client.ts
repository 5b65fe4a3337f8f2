/**
 * The phone's queue of before/after photos (ADR 088): each photo is kept in IndexedDB the moment
 * it is taken, with an id made here, and sent to /crew/photos until the server answers. The
 * server stores a photo once whatever the retries (the id, the file's hash), so sending again
 * after a lost answer is safe.
 */
export interface QueuedPhoto {
  id: string;
  appointmentId: string;
  kind: "before" | "after";
  car: number;
  blob: Blob;
  createdAt: number;
}

const DB_NAME = "crew-photos";
const STORE = "queue";

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

export function canQueuePhotos(): boolean {
  return typeof indexedDB !== "undefined";
}

export function queuePhoto(photo: QueuedPhoto): Promise<IDBValidKey> {
  return run("readwrite", (store) => store.put(photo));
}

export async function queuedPhotos(): Promise<QueuedPhoto[]> {
  const all = await run<QueuedPhoto[]>("readonly", (store) => store.getAll() as IDBRequest<QueuedPhoto[]>);
  return all.sort((a, b) => a.createdAt - b.createdAt);
}

export function dropQueuedPhoto(id: string): Promise<undefined> {
  return run("readwrite", (store) => store.delete(id) as IDBRequest<undefined>);
}

export type SendOutcome = "sent" | "refused" | "retry";

/** One attempt: sent (stored, now or before), refused for good, or to retry later (offline, 5xx, 429). */
export async function sendPhoto(photo: QueuedPhoto): Promise<SendOutcome> {
  const body = new FormData();
  body.set("id", photo.id);
  body.set("appointmentId", photo.appointmentId);
  body.set("kind", photo.kind);
  body.set("car", String(photo.car));
  body.set("file", photo.blob, `${photo.id}.jpg`);
  let response: Response;
  try {
    response = await fetch("/crew/photos", { method: "POST", body, headers: { "x-photo-queue": "1" } });
  } catch {
    return "retry";
  }
  if (response.ok) return "sent";
  if (response.status === 429 || response.status >= 500 || response.status === 401) return "retry";
  return "refused";
}
