import { Camera, CloudOff } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type ChangeEvent } from "react";
import { useRevalidator } from "react-router";

import { Button } from "~/components/ui/button";
import { JOB_PHOTO_KINDS, type JobPhotoKind } from "~/domain/crew/job-report";
import { useHydrated } from "~/lib/use-hydrated";
import { jobReportMessages } from "~/lib/messages/job-report.fr";
import {
  canQueuePhotos,
  dropQueuedPhoto,
  queuedPhotos,
  queuePhoto,
  sendPhoto,
  type QueuedPhoto,
} from "~/lib/photo-queue.client";

const t = jobReportMessages.photos;
/** While photos wait, the queue tries again this often (and at once when the network is back). */
const RETRY_MS = 15_000;

interface StoredPhoto {
  id: string;
  kind: JobPhotoKind;
  car: number;
  width: number;
  height: number;
  url: string;
}

/**
 * The before/after photos of a stop, per car (ADR 088): the phone's camera opens from each
 * button (`capture="environment"`); a photo is kept in IndexedDB at once and sent when the network
 * allows, with the count of photos waiting shown. Without JavaScript each button is a plain
 * multipart form posted to /crew/photos.
 */
export function PhotoPanel({
  appointmentId,
  cars,
  photos,
  closed,
}: {
  appointmentId: string;
  cars: number;
  photos: StoredPhoto[];
  closed: boolean;
}) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState<(QueuedPhoto & { preview: string })[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const flushing = useRef(false);
  const previews = useRef(new Map<string, string>());

  const refresh = useCallback(async () => {
    if (!canQueuePhotos()) return;
    const queued = await queuedPhotos();
    const urls = previews.current;
    for (const [id, url] of urls) {
      if (!queued.some((p) => p.id === id)) {
        URL.revokeObjectURL(url);
        urls.delete(id);
      }
    }
    setPending(
      queued.map((photo) => {
        let preview = urls.get(photo.id);
        if (!preview) urls.set(photo.id, (preview = URL.createObjectURL(photo.blob)));
        return { ...photo, preview };
      }),
    );
  }, []);

  const flush = useCallback(async () => {
    if (flushing.current || !canQueuePhotos()) return;
    flushing.current = true;
    setSending(true);
    let sent = 0;
    try {
      for (const photo of await queuedPhotos()) {
        const outcome = await sendPhoto(photo);
        if (outcome === "retry") break;
        if (outcome === "refused") setProblem(t.refused);
        await dropQueuedPhoto(photo.id);
        if (outcome === "sent") sent++;
        await refresh();
      }
    } finally {
      flushing.current = false;
      setSending(false);
      await refresh();
      if (sent > 0) void revalidator.revalidate();
    }
  }, [refresh, revalidator]);

  useEffect(() => {
    const first = window.setTimeout(() => void refresh().then(flush), 0);
    const online = () => void flush();
    window.addEventListener("online", online);
    const timer = window.setInterval(() => void flush(), RETRY_MS);
    return () => {
      window.removeEventListener("online", online);
      window.clearInterval(timer);
      window.clearTimeout(first);
    };
  }, [refresh, flush]);

  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls.values()) URL.revokeObjectURL(url);
    };
  }, []);

  const onPick = (kind: JobPhotoKind, car: number) => async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.currentTarget.files ?? [])];
    event.currentTarget.value = "";
    if (files.length === 0) return;
    setProblem(null);
    if (!canQueuePhotos()) {
      setProblem(t.noStorage);
      for (const file of files) {
        await sendPhoto({
          id: crypto.randomUUID(),
          appointmentId,
          kind,
          car,
          blob: file,
          createdAt: Date.now(),
        });
      }
      void revalidator.revalidate();
      return;
    }
    for (const file of files) {
      await queuePhoto({
        id: crypto.randomUUID(),
        appointmentId,
        kind,
        car,
        blob: file,
        createdAt: Date.now(),
      });
    }
    await refresh();
    void flush();
  };

  const mine = pending.filter((p) => p.appointmentId === appointmentId);
  return (
    <section aria-labelledby="photos-title" className="grid gap-3 rounded-lg border p-4">
      <h2 id="photos-title" className="text-lg font-semibold">
        {t.title}
      </h2>
      {pending.length > 0 ? (
        <div
          role="status"
          className="flex items-start gap-2 rounded-md bg-muted p-3 text-sm"
          data-testid="photos-pending"
        >
          <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p>
            <span className="font-medium">« {t.pending(pending.length)} »</span>{" "}
            {sending ? t.sending : t.pendingNote}
          </p>
        </div>
      ) : null}
      <p aria-live="polite" className="text-sm text-destructive empty:hidden">
        {problem}
      </p>
      {Array.from({ length: cars }, (_, i) => i + 1).map((car) => (
        <div key={car} className="grid gap-2" data-testid={`photos-car-${car}`}>
          {cars > 1 ? <h3 className="font-medium">{t.car(car)}</h3> : null}
          {JOB_PHOTO_KINDS.map((kind) => {
            const label = t.kinds[kind];
            const stored = photos.filter((p) => p.car === car && p.kind === kind);
            const waiting = mine.filter((p) => p.car === car && p.kind === kind);
            return (
              <div key={kind} className="grid gap-2">
                <div className="flex items-center justify-between gap-2">
                  <p className="text-sm font-medium">
                    {label} <span className="text-muted-foreground">({stored.length + waiting.length})</span>
                  </p>
                  {closed ? null : (
                    <form
                      method="post"
                      action="/crew/photos"
                      encType="multipart/form-data"
                      className="flex gap-2"
                    >
                      <input type="hidden" name="appointmentId" value={appointmentId} />
                      <input type="hidden" name="kind" value={kind} />
                      <input type="hidden" name="car" value={car} />
                      <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border bg-background px-3 text-sm font-medium focus-within:ring-2 focus-within:ring-ring hover:bg-accent">
                        <Camera aria-hidden="true" className="size-4" />
                        <span aria-hidden="true">{hydrated ? t.take(label) : t.pickFile}</span>
                        <input
                          type="file"
                          name="file"
                          accept="image/*"
                          capture="environment"
                          className="sr-only"
                          aria-label={t.takeLabel(label, car)}
                          required
                          onChange={hydrated ? onPick(kind, car) : undefined}
                        />
                      </label>
                      {hydrated ? null : (
                        <Button type="submit" variant="outline" className="min-h-11">
                          {t.submit}
                        </Button>
                      )}
                    </form>
                  )}
                </div>
                {stored.length + waiting.length > 0 ? (
                  <ul className="grid grid-cols-3 gap-2">
                    {stored.map((p) => (
                      <li key={p.id} data-testid="photo-stored">
                        <img
                          src={p.url}
                          alt={t.alt(label, car)}
                          width={p.width}
                          height={p.height}
                          loading="lazy"
                          className="aspect-square w-full rounded-md object-cover"
                        />
                      </li>
                    ))}
                    {waiting.map((p) => (
                      <li key={p.id} data-testid="photo-waiting" className="relative">
                        <img
                          src={p.preview}
                          alt={t.alt(label, car)}
                          className="aspect-square w-full rounded-md object-cover opacity-60"
                        />
                        <CloudOff
                          aria-hidden="true"
                          className="absolute top-1 right-1 size-4 rounded bg-background/80 p-0.5"
                        />
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="text-sm text-muted-foreground">{t.none}</p>
                )}
              </div>
            );
          })}
        </div>
      ))}
    </section>
  );
}
