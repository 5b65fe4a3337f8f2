import type { Circle, LatLngBounds, Map as LeafletMap } from "leaflet";
import { useEffect, useRef, useState } from "react";
import { mapsMessages } from "~/lib/messages/maps.fr";
import { cn } from "~/lib/utils";
import { projection, type MapZone } from "./zone-geometry";

export type { MapZone } from "./zone-geometry";

/** A member's day drawn on the map: the base, then the stops in order, joined by a line. */
export interface MapRoute {
  id: string;
  /** Legend text, e.g. the member's name. */
  label: string;
  colour: string;
  /** The start (the base, `number` null) then each stop (`number` 1, 2, 3...). */
  points: { latitude: number; longitude: number; number: number | null; title: string }[];
}

const COLOURS = { active: "#0072B2", seeking_franchisee: "#D55E00" } as const;
const WIDTH = 640;
const HEIGHT = 360;

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
  /** The configured tile server (MAP_TILE_URL); null = no base layer, said under the map. */
  tiles: { url: string; attribution: string } | null;
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
  tiles,
  draft = null,
  onPick,
  className,
}: ZoneMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const [interactive, setInteractive] = useState(false);
  const key = JSON.stringify([zones, routes]);
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
      const layers = L.featureGroup();
      for (const zone of zones) {
        const colour = COLOURS[zone.status];
        L.circle([zone.latitude, zone.longitude], {
          radius: zone.radiusKm * 1000,
          color: colour,
          weight: 2,
          fillOpacity: 0.15,
          dashArray: zone.status === "active" ? undefined : "6 6",
        })
          .bindTooltip(`${zone.name} (${statusLabels[zone.status]})`)
          .addTo(layers);
        L.circleMarker([zone.latitude, zone.longitude], {
          radius: 5,
          color: colour,
          fillColor: colour,
          fillOpacity: 1,
        }).addTo(layers);
      }
      for (const route of routes) {
        L.polyline(
          route.points.map((p) => [p.latitude, p.longitude] as [number, number]),
          { color: route.colour, weight: 3, opacity: 0.9 },
        ).addTo(layers);
        for (const point of route.points) {
          L.circleMarker([point.latitude, point.longitude], {
            radius: point.number === null ? 5 : 9,
            color: "#ffffff",
            weight: 2,
            fillColor: route.colour,
            fillOpacity: 1,
          })
            .bindTooltip(point.number === null ? point.title : `${point.number}. ${point.title}`)
            .addTo(layers);
        }
      }
      // The view first: vector layers are drawn only once the map has one.
      const bounds = zones.reduce<LatLngBounds | undefined>((all, zone) => {
        const box = L.latLng(zone.latitude, zone.longitude).toBounds(zone.radiusKm * 2000);
        return all ? all.extend(box) : box;
      }, undefined);
      for (const point of routes.flatMap((r) => r.points)) bounds?.extend([point.latitude, point.longitude]);
      if (bounds) map.fitBounds(bounds, { padding: [16, 16] });
      else map.setView([46.5, -72.5], 6);
      layers.addTo(map);
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

  const { zones: projected, point: place } = projection(
    zones,
    WIDTH,
    HEIGHT,
    16,
    routes.flatMap((r) => r.points),
  );
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
            "absolute inset-0 z-0",
            !interactive && "invisible",
            picking && "[&_.leaflet-container]:cursor-crosshair [&.leaflet-container]:cursor-crosshair",
          )}
        />
        {interactive ? null : (
          <svg
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            role="img"
            aria-label={label}
            data-testid="zone-map-fallback"
            className="absolute inset-0 h-full w-full"
          >
            {projected.map(({ zone, cx, cy, r }) => (
              <g key={zone.id}>
                <circle
                  cx={cx}
                  cy={cy}
                  r={r}
                  fill={COLOURS[zone.status]}
                  fillOpacity={0.15}
                  stroke={COLOURS[zone.status]}
                  strokeWidth={2}
                  strokeDasharray={zone.status === "active" ? undefined : "6 6"}
                />
                <circle cx={cx} cy={cy} r={4} fill={COLOURS[zone.status]} />
                <text
                  x={cx}
                  y={cy - 8}
                  textAnchor="middle"
                  fontSize={13}
                  fontWeight={600}
                  fill="currentColor"
                >
                  {zone.name}
                </text>
              </g>
            ))}
            {routes.map((route) => (
              <g key={route.id}>
                <polyline
                  points={route.points.map((p) => `${place(p).x},${place(p).y}`).join(" ")}
                  fill="none"
                  stroke={route.colour}
                  strokeWidth={3}
                />
                {route.points.map((p, i) => (
                  <circle
                    key={i}
                    cx={place(p).x}
                    cy={place(p).y}
                    r={p.number === null ? 4 : 7}
                    fill={route.colour}
                    stroke="#ffffff"
                    strokeWidth={2}
                  />
                ))}
              </g>
            ))}
          </svg>
        )}
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
        {interactive ? null : <span>{fallbackNote}</span>}
        {tiles ? null : (
          <span data-testid="map-no-tiles" className="basis-full font-medium text-foreground">
            {mapsMessages.noTiles}
          </span>
        )}
        {picking ? <span className="basis-full">{mapsMessages.pickHint}</span> : null}
      </figcaption>
    </figure>
  );
}
