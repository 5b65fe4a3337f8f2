import { Eraser, PenLine } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import type SignaturePadEngine from "signature_pad";

import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { SIGNATURE_HEIGHT, SIGNATURE_WIDTH } from "~/domain/applications/png";
import { APPLICATION_SIGNATURE_NAME_FIELD } from "~/domain/applications/schemas";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";
import { applicationMessages } from "~/lib/messages/application.fr";

const s = applicationMessages.signature;

/** Pen widths of docs/product.md, section 9, on the 600x200 surface: thin when fast, thicker when slow. */
const PEN_MIN = 0.5;
const PEN_MAX = 2.5;
const INK = "#111827";
const PAPER = "#ffffff";
const TYPED_NAME_MAX = 100;

/**
 * The signature pad (docs/product.md, sections 5 and 9): a 600x200 drawing surface, scaled to the screen's
 * width, drawn by signature_pad (pointer events, pressure, smooth variable-width curves) and
 * captured as a PNG when a stroke ends. People who cannot draw type their name instead: with
 * JavaScript the name is written on the pad; without it, the typed name is sent with the form
 * (`signature_name`) and the server draws it (ADR 055).
 */
export function SignaturePad({
  onChange,
  error,
  describedBy,
  defaultName = "",
}: {
  /** The PNG after each stroke, or null once cleared. */
  onChange: (png: Blob | null) => void;
  /** The server's refusal of the signature (e.g. none was given). */
  error?: string;
  describedBy?: string;
  /** The typed name sent before, when the server sent the form back. */
  defaultName?: string;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const engine = useRef<SignaturePadEngine | null>(null);
  const onChangeRef = useRef(onChange);
  const [signed, setSigned] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [typedName, setTypedName] = useState(defaultName);

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let pad: SignaturePadEngine | null = null;
    let cancelled = false;
    const onBegin = () => {
      // The canvas keeps 600x200 pixels whatever its size on screen: signature_pad works in
      // screen pixels, so the context is scaled to the surface and the pen widths scaled back.
      const scale = SIGNATURE_WIDTH / canvas.getBoundingClientRect().width;
      canvas.getContext("2d")?.setTransform(scale, 0, 0, scale, 0, 0);
      if (pad) {
        pad.minWidth = PEN_MIN / scale;
        pad.maxWidth = PEN_MAX / scale;
      }
    };
    const onEnd = () => capture();
    void import("signature_pad").then(({ default: Engine }) => {
      if (cancelled) return;
      pad = new Engine(canvas, {
        minWidth: PEN_MIN,
        maxWidth: PEN_MAX,
        penColor: INK,
        backgroundColor: PAPER,
      });
      pad.clear();
      pad.addEventListener("beginStroke", onBegin);
      pad.addEventListener("endStroke", onEnd);
      engine.current = pad;
    });
    return () => {
      cancelled = true;
      pad?.off();
      engine.current = null;
    };
  }, [hydrated]);

  function capture() {
    canvasRef.current?.toBlob((png) => {
      if (!png) return;
      setSigned(true);
      setAnnouncement(s.signed);
      onChangeRef.current(png);
    }, "image/png");
  }

  function resetPaper(): CanvasRenderingContext2D | null {
    const context = canvasRef.current?.getContext("2d") ?? null;
    context?.setTransform(1, 0, 0, 1, 0, 0);
    engine.current?.clear();
    return context;
  }

  function clear() {
    resetPaper();
    setSigned(false);
    setAnnouncement(s.cleared);
    onChange(null);
  }

  function signWithName() {
    const name = typedName.trim();
    const c = resetPaper();
    if (!name || !c) return;
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
  const errorId = `${id}-error`;
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
          {hydrated ? s.instructions : s.instructionsNoScript}
        </p>
      </div>
      {hydrated ? (
        <>
          <div
            className={cn(
              "relative overflow-hidden rounded-lg border-2 border-dashed bg-white",
              error ? "border-destructive" : "border-input",
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
        </>
      ) : null}
      <div className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-typed`}>{s.typedLabel}</Label>
          <Input
            id={`${id}-typed`}
            name={APPLICATION_SIGNATURE_NAME_FIELD}
            value={typedName}
            autoComplete="name"
            maxLength={TYPED_NAME_MAX}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setTypedName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                signWithName();
              }
            }}
          />
        </div>
        {hydrated ? (
          <Button type="button" variant="secondary" onClick={signWithName} disabled={typedName.trim() === ""}>
            {s.typedApply}
          </Button>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
