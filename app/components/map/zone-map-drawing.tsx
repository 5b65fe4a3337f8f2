import { readableOn, STOP_HEIGHT, stopWidth } from "./map-labels";
import { projection, type MapZone } from "./zone-geometry";
import { type MapRoute, type MapTown, sceneOf, COLOURS, FONT } from "./zone-map-scene";

/** The first paint's drawing box: about a phone's width, so its names stay legible there. */
const WIDTH = 480;
const HEIGHT = 270;

/** The first paint's drawing, in plain SVG (server and first paint, before Leaflet takes over). */
export function ZoneMapDrawing({
  label,
  zones,
  routes,
  towns,
}: {
  label: string;
  zones: readonly MapZone[];
  routes: readonly MapRoute[];
  towns: readonly MapTown[];
}) {
  const { zones: projected, point: place } = projection(
    zones,
    WIDTH,
    HEIGHT,
    routes.length > 0 ? 28 : 16,
    routes.flatMap((r) => r.points),
    true,
  );
  const scene = sceneOf(zones, routes, towns, WIDTH, HEIGHT, place);
  return (
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
        </g>
      ))}
      {routes.map((route) => {
        const line = route.points.map((p) => `${place(p).x},${place(p).y}`).join(" ");
        return (
          <g key={route.id}>
            <polyline points={line} fill="none" className="stroke-background" strokeWidth={7} />
            <polyline points={line} fill="none" stroke={route.colour} strokeWidth={3} />
            {route.points
              .filter((p) => p.number === null)
              .map((p, i) => (
                <circle
                  key={i}
                  cx={place(p).x}
                  cy={place(p).y}
                  r={6}
                  fill={route.colour}
                  className="stroke-background"
                  strokeWidth={2}
                />
              ))}
          </g>
        );
      })}
      {scene.townLabels.map((town) => (
        <circle key={`${town.id}-dot`} cx={town.x} cy={town.y} r={2.5} className="fill-muted-foreground" />
      ))}
      {[...scene.zoneLabels, ...scene.townLabels].map((name) => (
        <text
          key={name.id}
          x={name.box.x}
          y={name.box.y + name.box.height / 2}
          dominantBaseline="central"
          fontSize={name.id.startsWith("zone-") ? FONT.zone : FONT.town}
          fontWeight={name.id.startsWith("zone-") ? 700 : 500}
          strokeWidth={3}
          paintOrder="stroke"
          strokeLinejoin="round"
          className="fill-foreground stroke-background"
          data-testid={name.id.startsWith("zone-") ? "map-zone-name" : "map-town"}
        >
          {name.text}
        </text>
      ))}
      {scene.routes.map((drawn, r) =>
        drawn.clusters.map((cluster) => {
          const colour = routes[r]!.colour;
          const width = stopWidth(cluster.text);
          return (
            <g key={`${drawn.id}-${cluster.text}`}>
              <rect
                x={cluster.x - width / 2}
                y={cluster.y - STOP_HEIGHT / 2}
                width={width}
                height={STOP_HEIGHT}
                rx={STOP_HEIGHT / 2}
                fill={colour}
                className="stroke-background"
                strokeWidth={2}
              />
              <text
                x={cluster.x}
                y={cluster.y}
                textAnchor="middle"
                dominantBaseline="central"
                fontSize={13}
                fontWeight={700}
                fill={readableOn(colour)}
                data-testid="map-stop"
              >
                {cluster.text}
              </text>
            </g>
          );
        }),
      )}
    </svg>
  );
}
