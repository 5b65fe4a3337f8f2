import { Eraser, PenLine } from "lucide-react";
import { useEffect, useId, useRef, useState, type PointerEvent as ReactPointerEvent } from "react";

import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { SIGNATURE_HEIGHT, SIGNATURE_WIDTH } from "~/domain/applications/png";
import { cn } from "~/lib/utils";
import { applicationMessages } from "~/lib/messages/application.fr";

const s = applicationMessages.signature;

/** Pen widths of the spec (section 9): thin when the hand moves fast, thicker when slow. */
export const PEN_MIN = 0.5;
export const PEN_MAX = 2.5;
const INK = "#111827";
const PAPER = "#ffffff";

type Point = { x: number; y: number; time: number; width: number };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The pen width for a movement: a stylus's pressure when it reports one, else the speed
 * (pixels per millisecond), smoothed with the previous width so strokes taper gently.
 */
export function penWidth(previous: number, distance: number, elapsedMs: number, pressure?: number): number {
  const target =
    pressure !== undefined && pressure > 0 && pressure !== 0.5
      ? PEN_MIN + (PEN_MAX - PEN_MIN) * pressure
      : PEN_MAX - (PEN_MAX - PEN_MIN) * clamp(distance / Math.max(elapsedMs, 1) / 3, 0, 1);
  return clamp(previous * 0.6 + target * 0.4, PEN_MIN, PEN_MAX);
}

function paper(context: CanvasRenderingContext2D) {
  context.fillStyle = PAPER;
  context.fillRect(0, 0, SIGNATURE_WIDTH, SIGNATURE_HEIGHT);
}

/**
 * The signature pad (spec sections 5 and 9): a 600x200 drawing surface, scaled to the screen's
 * width, for the mouse, a finger or a pen (pointer events). The image is captured as a PNG when
 * a stroke ends. People who cannot draw type their name instead, which is written on the pad.
 */
export function SignaturePad({
  onChange,
  invalid = false,
  describedBy,
}: {
  /** The PNG after each stroke, or null once cleared. */
  onChange: (png: Blob | null) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const id = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const last = useRef<Point | null>(null);
  const [signed, setSigned] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [typedName, setTypedName] = useState("");

  useEffect(() => {
    const context = canvasRef.current?.getContext("2d");
    if (context) paper(context);
  }, []);

  function context(): CanvasRenderingContext2D | null {
    return canvasRef.current?.getContext("2d") ?? null;
  }

  /** The event's position on the 600x200 surface, whatever the size on screen. */
  function pointOf(event: PointerEvent | ReactPointerEvent, width: number): Point {
    const rect = canvasRef.current!.getBoundingClientRect();
    return {
      x: ((event.clientX - rect.left) * SIGNATURE_WIDTH) / rect.width,
      y: ((event.clientY - rect.top) * SIGNATURE_HEIGHT) / rect.height,
      time: event.timeStamp,
      width,
    };
  }

  function capture() {
    canvasRef.current?.toBlob((png) => {
      if (!png) return;
      setSigned(true);
      setAnnouncement(s.signed);
      onChange(png);
    }, "image/png");
  }

  function onPointerDown(event: ReactPointerEvent<HTMLCanvasElement>) {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const start = pointOf(event, (PEN_MIN + PEN_MAX) / 2);
    last.current = start;
    const c = context();
    if (!c) return;
    c.fillStyle = INK;
    c.beginPath();
    c.arc(start.x, start.y, start.width / 2, 0, Math.PI * 2);
    c.fill();
  }

  function onPointerMove(event: ReactPointerEvent<HTMLCanvasElement>) {
    const c = context();
    if (!last.current || !c) return;
    const native = event.nativeEvent;
    const events = native.getCoalescedEvents?.() ?? [];
    for (const e of events.length > 0 ? events : [native]) {
      const previous = last.current;
      const next = pointOf(e, previous.width);
      const distance = Math.hypot(next.x - previous.x, next.y - previous.y);
      if (distance < 0.5) continue;
      next.width = penWidth(
        previous.width,
        distance,
        next.time - previous.time,
        e.pointerType === "pen" ? e.pressure : undefined,
      );
      c.strokeStyle = INK;
      c.lineCap = "round";
      c.lineJoin = "round";
      c.lineWidth = next.width;
      c.beginPath();
      c.moveTo(previous.x, previous.y);
      c.lineTo(next.x, next.y);
      c.stroke();
      last.current = next;
    }
  }

  function onStrokeEnd() {
    if (!last.current) return;
    last.current = null;
    capture();
  }

  function clear() {
    const c = context();
    if (c) paper(c);
    last.current = null;
    setSigned(false);
    setAnnouncement(s.cleared);
    onChange(null);
  }

  function signWithName() {
    const name = typedName.trim();
    const c = context();
    if (!name || !c) return;
    paper(c);
    c.fillStyle = INK;
    c.textAlign = "center";
    c.textBaseline = "middle";
    let size = 56;
    do {
      c.font = `italic ${size}px "Segoe Script", "Brush Script MT", "URW Chancery L", cursive`;
      size -= 4;
    } while (c.measureText(name).width > SIGNATURE_WIDTH - 40 && size > 16);
    c.fillText(name, SIGNATURE_WIDTH / 2, SIGNATURE_HEIGHT / 2);
    capture();
  }

  const instructionsId = `${id}-instructions`;
  return (
    <div className="grid gap-3">
      <div className="grid gap-1">
        <p id={`${id}-label`} className="text-sm leading-none font-medium">
          {s.label}
          <span aria-hidden="true" className="text-destructive">
            {" *"}
          </span>
        </p>
        <p id={instructionsId} className="text-sm text-muted-foreground">
          {s.instructions}
        </p>
      </div>
      <div
        className={cn(
          "relative overflow-hidden rounded-lg border-2 border-dashed bg-white",
          invalid ? "border-destructive" : "border-input",
          signed && "border-solid border-primary",
        )}
      >
        <canvas
          ref={canvasRef}
          width={SIGNATURE_WIDTH}
          height={SIGNATURE_HEIGHT}
          role="img"
          aria-label={s.canvasLabel}
          aria-describedby={[instructionsId, describedBy].filter(Boolean).join(" ")}
          className="block aspect-[3/1] h-auto w-full cursor-crosshair touch-none select-none"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onStrokeEnd}
          onPointerCancel={onStrokeEnd}
          onLostPointerCapture={onStrokeEnd}
        />
        {signed ? null : (
          <PenLine
            aria-hidden="true"
            className="pointer-events-none absolute bottom-3 left-3 size-5 text-muted-foreground"
          />
        )}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <Button type="button" variant="outline" onClick={clear} disabled={!signed}>
          <Eraser aria-hidden="true" />
          {s.clear}
        </Button>
      </div>
      <div className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-typed`}>{s.typedLabel}</Label>
          <Input
            id={`${id}-typed`}
            value={typedName}
            autoComplete="name"
            maxLength={100}
            onChange={(event) => setTypedName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                signWithName();
              }
            }}
          />
        </div>
        <Button type="button" variant="secondary" onClick={signWithName} disabled={typedName.trim() === ""}>
          {s.typedApply}
        </Button>
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
