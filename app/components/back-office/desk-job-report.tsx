import { Circle, CircleCheck, ClipboardCheck } from "lucide-react";
import { useId } from "react";
import { type DeskBookingData } from "~/domain/booking/desk-schemas";
import { backOfficeMessages } from "~/lib/messages/back-office.fr";
import { jobReportMessages } from "~/lib/messages/job-report.fr";

// The booking desk's view of the stop's report (ADR 088): the checklist ticked and the photos.

const d = backOfficeMessages.desk;

/**
 * The stop's checklist as the crew ticked it and their before/after photos per car (ADR 088):
 * thumbnails that open the photo by its signed link. Nothing when the service has no step and no
 * photo was taken.
 */
export function JobReport({ report, cars }: { report: DeskBookingData["jobReport"]; cars: number }) {
  const id = useId();
  if (!report || (report.checklist.length === 0 && report.photos.length === 0)) return null;
  const r = jobReportMessages;
  const done = report.checklist.filter((step) => step.ticked).length;
  return (
    <section
      className="grid gap-4 rounded-lg border p-4"
      aria-labelledby={`${id}-report`}
      data-testid="desk-job-report"
    >
      <h2 id={`${id}-report`} className="flex items-center gap-2 font-semibold">
        <ClipboardCheck aria-hidden="true" className="size-4" />
        {d.jobReport}
      </h2>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        {report.checklist.length > 0 ? (
          <div className="grid content-start gap-2">
            <h3 className="text-sm font-medium">
              {r.checklist.title} ·{" "}
              <span className="text-muted-foreground">
                {r.checklist.progress(done, report.checklist.length)}
              </span>
            </h3>
            <ul className="grid gap-1.5 text-sm" data-testid="desk-checklist">
              {report.checklist.map((step) => (
                <li key={step.label} className="flex items-start gap-2" data-ticked={step.ticked}>
                  {step.ticked ? (
                    <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                  ) : (
                    <Circle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                  )}
                  <span className={step.ticked ? undefined : "text-muted-foreground"}>
                    <span className="sr-only">{step.ticked ? "✓ " : "○ "}</span>
                    {step.label}
                    {step.required ? (
                      <span className="text-muted-foreground"> ({r.checklist.required})</span>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="grid content-start gap-3">
          <h3 className="text-sm font-medium">{r.photos.title}</h3>
          {report.photos.length === 0 ? (
            <p className="text-sm text-muted-foreground">{d.noJobPhotos}</p>
          ) : (
            Array.from({ length: cars }, (_, n) => n + 1).map((car) => {
              const mine = report.photos.filter((p) => p.car === car);
              if (mine.length === 0) return null;
              return (
                <div key={car} className="grid gap-2">
                  {cars > 1 ? <h4 className="text-sm text-muted-foreground">{r.photos.car(car)}</h4> : null}
                  <ul className="flex flex-wrap gap-3" data-testid="desk-photos">
                    {mine.map((photo) => {
                      const kind = r.photos.kinds[photo.kind];
                      const alt = r.photos.alt(kind, photo.car);
                      return (
                        <li key={photo.id} className="grid gap-1">
                          <a
                            href={photo.url}
                            target="_blank"
                            rel="noreferrer"
                            aria-label={d.openPhoto(alt)}
                            className="block overflow-hidden rounded-md border focus-visible:outline-2 focus-visible:outline-ring"
                          >
                            <img
                              src={photo.url}
                              alt={alt}
                              width={photo.width}
                              height={photo.height}
                              loading="lazy"
                              className="h-24 w-32 object-cover sm:h-28 sm:w-36"
                            />
                          </a>
                          <span className="text-xs font-medium">{kind}</span>
                        </li>
                      );
                    })}
                  </ul>
                </div>
              );
            })
          )}
        </div>
      </div>
    </section>
  );
}
