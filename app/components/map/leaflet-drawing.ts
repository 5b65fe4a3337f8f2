import type * as Leaflet from "leaflet";
import type { LatLngBounds, LayerGroup, Map as LeafletMap } from "leaflet";
import { readableOn, STOP_HEIGHT, stopWidth } from "./map-labels";
import { type MapZone } from "./zone-geometry";
import { type MapRoute, type MapTown, COLOURS, sceneOf } from "./zone-map-scene";

// The zone map once Leaflet has taken over: circles, routes and names drawn as layers, the names
// and stop numbers as text set through the DOM (never parsed as HTML), styled by Tailwind classes.

/** Leaflet's labels: Tailwind classes (no inline style attribute: the CSP, ADR 033). */
const STOP_CLASS = "flex! items-center justify-center";
const STOP_INNER_CLASS =
  "flex h-full w-full items-center justify-center rounded-full border-2 border-background text-[13px] font-bold leading-none shadow-sm";
const LABEL_CLASS = "whitespace-nowrap leading-none flex! items-center";
const ZONE_LABEL_CLASS = `${LABEL_CLASS} text-[14px] font-bold text-foreground map-halo`;
const TOWN_LABEL_CLASS = `${LABEL_CLASS} text-[12px] font-medium text-foreground map-halo`;

/**
 * An element holding `text` for Leaflet (an icon or a tooltip), set through the DOM: a customer's
 * or a zone's name is never parsed as HTML (Leaflet takes a string as HTML).
 */
function textElement(text: string, options: { className?: string; testId?: string } = {}): HTMLElement {
  const element = document.createElement("span");
  element.textContent = text;
  if (options.className) element.className = options.className;
  if (options.testId) element.dataset.testid = options.testId;
  return element;
}

/** A tooltip of several lines, as text. */
function tooltipLines(lines: readonly string[]): HTMLElement {
  const element = document.createElement("span");
  lines.forEach((line, i) => {
    if (i > 0) element.append(document.createElement("br"));
    element.append(line);
  });
  return element;
}

/**
 * Draws the zones, the routes and their names on a Leaflet map and fits the view to them; the
 * names and stop numbers are placed again after each zoom or move.
 */
export function drawOnLeaflet(
  L: typeof Leaflet,
  map: LeafletMap,
  {
    zones,
    routes,
    towns,
    statusLabels,
  }: {
    zones: readonly MapZone[];
    routes: readonly MapRoute[];
    towns: readonly MapTown[];
    statusLabels: Record<MapZone["status"], string>;
  },
) {
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
      .bindTooltip(tooltipLines([`${zone.name} (${statusLabels[zone.status]})`]))
      .addTo(layers);
    L.circleMarker([zone.latitude, zone.longitude], {
      radius: 5,
      color: colour,
      fillColor: colour,
      fillOpacity: 1,
    }).addTo(layers);
  }
  for (const route of routes) {
    const line = route.points.map((p) => [p.latitude, p.longitude] as [number, number]);
    // A casing in the page's colour under the line: the line stands out on any background.
    L.polyline(line, {
      className: "stroke-background",
      weight: 7,
      opacity: 0.9,
      interactive: false,
    }).addTo(layers);
    L.polyline(line, { color: route.colour, weight: 3, opacity: 0.95 }).addTo(layers);
    for (const point of route.points.filter((p) => p.number === null)) {
      L.circleMarker([point.latitude, point.longitude], {
        radius: 6,
        className: "stroke-background",
        weight: 2,
        fillColor: route.colour,
        fillOpacity: 1,
      })
        .bindTooltip(tooltipLines([point.title]))
        .addTo(layers);
    }
  }
  // The view first: vector layers are drawn only once the map has one.
  // A day's route fills the view (its stops told apart); otherwise the zones do.
  const routePoints = routes.flatMap((r) => r.points);
  const bounds =
    routePoints.length > 0
      ? L.latLngBounds(routePoints.map((p) => [p.latitude, p.longitude] as [number, number]))
      : zones.reduce<LatLngBounds | undefined>((all, zone) => {
          const box = L.latLng(zone.latitude, zone.longitude).toBounds(zone.radiusKm * 2000);
          return all ? all.extend(box) : box;
        }, undefined);
  if (bounds) map.fitBounds(bounds, { padding: [32, 32], maxZoom: 13 });
  else map.setView([46.5, -72.5], 6);
  layers.addTo(map);
  // Stop numbers and names: placed again after each zoom or move (markers share or part).
  const labels: LayerGroup = L.layerGroup().addTo(map);
  const drawLabels = () => {
    const m = map;
    const size = m.getSize();
    const px = (p: { latitude: number; longitude: number }) =>
      m.latLngToContainerPoint([p.latitude, p.longitude]);
    const frame = m.getContainer().getBoundingClientRect();
    const reserved = [...m.getContainer().querySelectorAll(".leaflet-control")].map((control) => {
      const r = control.getBoundingClientRect();
      return { x: r.left - frame.left, y: r.top - frame.top, width: r.width, height: r.height };
    });
    const scene = sceneOf(zones, routes, towns, size.x, size.y, px, reserved);
    labels.clearLayers();
    const at = (x: number, y: number) => m.containerPointToLatLng([x, y]);
    for (const label of [...scene.zoneLabels, ...scene.townLabels]) {
      const zone = label.id.startsWith("zone-");
      L.marker(at(label.box.x, label.box.y), {
        icon: L.divIcon({
          className: zone ? ZONE_LABEL_CLASS : TOWN_LABEL_CLASS,
          html: textElement(label.text, { testId: zone ? "map-zone-name" : "map-town" }),
          iconSize: [label.box.width, label.box.height],
          iconAnchor: [0, 0],
        }),
        interactive: false,
        keyboard: false,
      }).addTo(labels);
      if (!zone)
        L.circleMarker(at(label.x, label.y), {
          radius: 2.5,
          stroke: false,
          className: "fill-muted-foreground",
          fillOpacity: 1,
          interactive: false,
        }).addTo(labels);
    }
    scene.routes.forEach((drawn, r) => {
      const route = routes[r]!;
      for (const cluster of drawn.clusters) {
        const width = stopWidth(cluster.text);
        const titles = route.points
          .filter((p) => p.number !== null && cluster.numbers.includes(p.number))
          .map((p) => `${p.number}. ${p.title}`);
        const element = textElement(cluster.text, { className: STOP_INNER_CLASS, testId: "map-stop" });
        element.style.backgroundColor = route.colour;
        element.style.color = readableOn(route.colour);
        L.marker(at(cluster.x, cluster.y), {
          icon: L.divIcon({
            className: STOP_CLASS,
            html: element,
            iconSize: [width, STOP_HEIGHT],
            iconAnchor: [width / 2, STOP_HEIGHT / 2],
          }),
          keyboard: false,
          zIndexOffset: 1000,
        })
          .bindTooltip(tooltipLines(titles))
          .addTo(labels);
      }
    });
  };
  drawLabels();
  map.on("moveend", drawLabels);
}
