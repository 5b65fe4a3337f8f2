import type { Circle, Map as LeafletMap } from "leaflet";
import { useEffect, useRef, useState } from "react";
import { mapsMessages } from "~/lib/messages/maps.fr";
import { cn } from "~/lib/utils";
import { type MapZone } from "./zone-geometry";
import { type MapRoute, type MapTown, COLOURS } from "./zone-map-scene";
import { drawOnLeaflet } from "./leaflet-drawing";
import { ZoneMapDrawing } from "./zone-map-drawing";

export type { MapZone } from "./zone-geometry";
// The route and town types stay importable from the map itself, like the zone type.
export type { MapRoute, MapTown } from "./zone-map-scene";

export interface ZoneMapProps {
  zones: readonly MapZone[];
  /** Accessible name of the map, e.g. 'Carte des zones de service'. */
  label: string;
  /** Status names for the legend and the labels. */
  statusLabels: Record<MapZone["status"], string>;
  /** Said under the drawing while the interactive map is not there. */
  fallbackNote: string;
  attribution: string;
  /** Routes drawn over the zones (the franchisee's day route, ADR 048). */
  routes?: readonly MapRoute[];
  /** Towns to name, biggest first (the offline geodata); the map shows those that fit. */
  towns?: readonly MapTown[];
  /** The configured tile server (ADR 053); null = no base layer, said under the map. */
  tiles: { url: string; attribution: string } | null;
  /** Said under a map without tiles to who can configure them (the admin), never a setting's name. */
  noTilesHint?: string;
  /** A zone being placed: drawn in its own colour, and moved by a click when `onPick` is given. */
  draft?: { latitude: number; longitude: number; radiusKm: number } | null;
  onPick?: (point: { latitude: number; longitude: number }) => void;
  className?: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const DRAFT_COLOUR = "#009E73";

/**
 * The service zones on a map. The server and the first paint draw the circles and centres in
 * plain SVG; after hydration Leaflet (loaded only in the browser) takes over with OpenStreetMap
 * tiles. The circles and centres are vector layers, so they show even when no tile can load
 * (offline machines, blocked tile server).
 */
export function ZoneMap({
  zones,
  label,
  statusLabels,
  fallbackNote,
  attribution,
  routes = [],
  towns = [],
  tiles,
  noTilesHint,
  draft = null,
  onPick,
  className,
}: ZoneMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const [interactive, setInteractive] = useState(false);
  const key = JSON.stringify([zones, routes, towns]);
  const mapRef = useRef<LeafletMap | null>(null);
  const draftLayer = useRef<Circle | null>(null);
  const onPickRef = useRef(onPick);
  useEffect(() => {
    onPickRef.current = onPick;
  });
  const picking = Boolean(onPick);

  useEffect(() => {
    let cancelled = false;
    let map: LeafletMap | undefined;
    void (async () => {
      const [{ default: L }] = await Promise.all([import("leaflet"), import("leaflet/dist/leaflet.css")]);
      if (cancelled || !container.current) return;
      map = L.map(container.current, { scrollWheelZoom: false, attributionControl: true });
      mapRef.current = map;
      // Tiles only from the configured server (ADR 053): the OpenStreetMap servers forbid hot-linking.
      if (tiles) {
        L.tileLayer(tiles.url, {
          maxZoom: 18,
          attribution: escapeHtml(tiles.attribution || attribution),
        }).addTo(map);
      }
      map.on("click", (event) => {
        onPickRef.current?.({
          latitude: Math.round(event.latlng.lat * 10_000) / 10_000,
          longitude: Math.round(event.latlng.lng * 10_000) / 10_000,
        });
      });
      drawOnLeaflet(L, map, { zones, routes, towns, statusLabels });
      setInteractive(true);
    })();
    return () => {
      cancelled = true;
      map?.remove();
      mapRef.current = null;
      draftLayer.current = null;
      setInteractive(false);
    };
    // `key` stands for the zones' content: redraw only when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attribution, tiles?.url]);

  // The zone being placed: one circle, moved and resized as the form changes.
  const draftKey = draft ? `${draft.latitude},${draft.longitude},${draft.radiusKm}` : "";
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !interactive) return;
    void import("leaflet").then(({ default: L }) => {
      draftLayer.current?.remove();
      draftLayer.current = null;
      if (!draft || mapRef.current !== map) return;
      draftLayer.current = L.circle([draft.latitude, draft.longitude], {
        radius: draft.radiusKm * 1000,
        color: DRAFT_COLOUR,
        weight: 3,
        fillOpacity: 0.2,
      })
        .bindTooltip(mapsMessages.draft)
        .addTo(map);
      map.fitBounds(draftLayer.current.getBounds(), { padding: [24, 24], maxZoom: 11 });
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draftKey, interactive]);

  return (
    <figure className={cn("grid gap-2", className)}>
      <div className="relative aspect-[16/9] w-full overflow-hidden rounded-lg border bg-muted">
        <div
          ref={container}
          role="region"
          aria-label={label}
          data-testid="zone-map"
          data-interactive={interactive ? "true" : "false"}
          className={cn(
            "absolute inset-0 z-0 bg-transparent! font-sans",
            // Leaflet's credit line in the page's colours (legible in the dark theme too).
            "[&_.leaflet-control-attribution]:bg-background/80! [&_.leaflet-control-attribution]:text-muted-foreground! [&_.leaflet-control-attribution_a]:text-primary!",
            !interactive && "invisible",
            picking && "[&_.leaflet-container]:cursor-crosshair [&.leaflet-container]:cursor-crosshair",
          )}
        />
        {interactive ? null : <ZoneMapDrawing label={label} zones={zones} routes={routes} towns={towns} />}
      </div>
      <figcaption className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
        {(Object.keys(COLOURS) as MapZone["status"][]).map((status) => (
          <span key={status} className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="size-3 rounded-full border-2"
              style={{
                borderColor: COLOURS[status],
                borderStyle: status === "active" ? "solid" : "dashed",
              }}
            />
            {statusLabels[status]}
          </span>
        ))}
        {routes.map((route) => (
          <span key={route.id} className="flex items-center gap-1.5">
            <span aria-hidden="true" className="h-1 w-4 rounded-full" style={{ background: route.colour }} />
            {route.label}
          </span>
        ))}
        {picking && draft ? (
          <span className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="size-3 rounded-full border-2"
              style={{ borderColor: DRAFT_COLOUR }}
            />
            {mapsMessages.draft}
          </span>
        ) : null}
        {interactive || !tiles ? null : <span>{fallbackNote}</span>}
        {tiles ? null : (
          <span data-testid="map-no-tiles" className="basis-full">
            {mapsMessages.noTiles}
          </span>
        )}
        {tiles || !noTilesHint ? null : (
          <span data-testid="map-no-tiles-hint" className="basis-full font-medium text-foreground">
            {noTilesHint}
          </span>
        )}
        {picking ? <span className="basis-full">{mapsMessages.pickHint}</span> : null}
      </figcaption>
    </figure>
  );
}
