import { MapPin, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { EditItemLink } from "~/components/admin/catalogue-editor";
import { ActionButton } from "~/components/admin/confirm-submit";
import { Badge } from "~/components/ui/badge";
import type { ZONE_STATUSES } from "~/domain/admin/schemas";
import { formatNumber } from "~/lib/format";
import { serviceAreaMessages } from "~/lib/messages/service-area.fr";
import { adminMessages } from "~/lib/messages/admin.fr";

const t = adminMessages.coverage;

/** A zone as its card shows it; `shownLabel` is the label the site shows now (ADR 046). */
interface ZoneCardData {
  id: string;
  zoneName: string;
  routeSlug: string;
  status: (typeof ZONE_STATUSES)[number];
  statusLabel: string | null;
  shownLabel: string | null;
  franchiseeName: string | null;
  centerLatitude: number;
  centerLongitude: number;
  serviceRadiusKm: number;
  appointments: number;
}

export function ZoneCard({ zone }: { zone: ZoneCardData }) {
  const inactiveLabel = zone.shownLabel ?? serviceAreaMessages.zone.comingSoon;
  const staleLabel = zone.statusLabel && zone.shownLabel === null ? zone.statusLabel : null;
  return (
    <article
      aria-labelledby={`zone-${zone.id}`}
      className="grid h-full gap-3 rounded-lg border bg-card p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`zone-${zone.id}`} className="flex items-center gap-2 font-semibold">
          <MapPin aria-hidden className="size-4 text-primary" />
          {zone.zoneName}
        </h2>
        <Badge variant={zone.status === "active" ? "success" : "secondary"}>{t.statuses[zone.status]}</Badge>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-xs text-muted-foreground">{t.slug}</dt>
          <dd>
            <Link to={`/franchise/${zone.routeSlug}`} className="text-primary hover:underline">
              /franchise/{zone.routeSlug}
            </Link>
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t.franchisee}</dt>
          <dd>{zone.franchiseeName ?? t.noFranchisee}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t.radius}</dt>
          <dd>
            {t.centre(formatNumber(zone.centerLatitude, 4), formatNumber(zone.centerLongitude, 4))} ·{" "}
            {t.radiusKm(formatNumber(zone.serviceRadiusKm, 1))}
          </dd>
        </div>
        {zone.status === "active" ? null : (
          <div>
            <dt className="text-xs text-muted-foreground">{t.statusLabel}</dt>
            <dd>
              {inactiveLabel}
              {staleLabel ? (
                <span className="block text-xs text-muted-foreground">{t.staleLabel(staleLabel)}</span>
              ) : null}
            </dd>
          </div>
        )}
      </dl>
      <div className="flex flex-wrap gap-2">
        <EditItemLink id={zone.id} name={zone.zoneName} />
        {zone.appointments === 0 ? (
          <ActionButton
            fields={{ intent: "delete", id: zone.id }}
            variant="outline"
            size="sm"
            aria-label={`${t.delete} ${zone.zoneName}`}
            confirm={{
              title: t.deleteTitle(zone.zoneName),
              description: t.deleteText,
              confirmText: t.delete,
              type: "destructive",
            }}
          >
            <Trash2 aria-hidden />
            {t.delete}
          </ActionButton>
        ) : null}
      </div>
    </article>
  );
}
