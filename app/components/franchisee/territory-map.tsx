import { useId } from "react";
import { messages } from "~/lib/messages.fr";

const m = messages.franchisee.territory;
const SIZE = 320;
const RADIUS_PX = 110;

/** A round scale length (1, 2, 5, 10, 20, 50 km...) at most half the radius. */
export function scaleKm(radiusKm: number): number {
  const target = radiusKm / 2;
  const power = 10 ** Math.floor(Math.log10(target));
  return [5, 2, 1].map((f) => f * power).find((v) => v <= target) ?? power;
}

/**
 * A schematic map of a zone drawn in SVG: the service circle, its centre, a north arrow and a
 * scale. It needs no map tiles, so it shows the same offline (this machine has no internet).
 */
export function TerritoryMap({
  zoneName,
  radiusKm,
  latitude,
  longitude,
}: {
  zoneName: string;
  radiusKm: number;
  latitude: number;
  longitude: number;
}) {
  const id = useId();
  const c = SIZE / 2;
  const pxPerKm = RADIUS_PX / radiusKm;
  const scale = scaleKm(radiusKm);
  const km = radiusKm.toLocaleString("fr-CA");
  return (
    <svg
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      role="img"
      aria-labelledby={`${id}-title`}
      className="h-auto w-full max-w-sm rounded-lg border bg-muted/30"
    >
      <title id={`${id}-title`}>{m.mapLabel(zoneName, km)}</title>
      <defs>
        <pattern id={`${id}-grid`} width="20" height="20" patternUnits="userSpaceOnUse">
          <path d="M 20 0 L 0 0 0 20" fill="none" className="stroke-border" strokeWidth="0.5" />
        </pattern>
      </defs>
      <rect width={SIZE} height={SIZE} fill={`url(#${id}-grid)`} />
      <circle cx={c} cy={c} r={RADIUS_PX} className="fill-primary/15 stroke-primary" strokeWidth="2" />
      <line x1={c} y1={c} x2={c + RADIUS_PX} y2={c} className="stroke-primary" strokeDasharray="4 3" />
      <text x={c + RADIUS_PX / 2} y={c - 6} textAnchor="middle" className="fill-foreground text-[11px]">
        {m.radiusValue(km)}
      </text>
      <circle cx={c} cy={c} r="5" className="fill-primary stroke-background" strokeWidth="2" />
      <text x={c} y={c + 20} textAnchor="middle" className="fill-foreground text-[11px] font-semibold">
        {zoneName}
      </text>
      <text x={c} y={c + 34} textAnchor="middle" className="fill-muted-foreground text-[10px]">
        {`${latitude.toFixed(4)}, ${longitude.toFixed(4)}`}
      </text>
      <g transform={`translate(${SIZE - 24} 28)`}>
        <path d="M 0 -14 L 6 4 L 0 0 L -6 4 Z" className="fill-foreground" />
        <text y="18" textAnchor="middle" className="fill-foreground text-[11px] font-semibold">
          {m.north}
        </text>
      </g>
      <g transform={`translate(16 ${SIZE - 20})`}>
        <line x1="0" y1="0" x2={scale * pxPerKm} y2="0" className="stroke-foreground" strokeWidth="2" />
        <line x1="0" y1="-4" x2="0" y2="4" className="stroke-foreground" strokeWidth="2" />
        <line
          x1={scale * pxPerKm}
          y1="-4"
          x2={scale * pxPerKm}
          y2="4"
          className="stroke-foreground"
          strokeWidth="2"
        />
        <text x={(scale * pxPerKm) / 2} y="-6" textAnchor="middle" className="fill-foreground text-[10px]">
          {m.scale(scale)}
        </text>
      </g>
    </svg>
  );
}
