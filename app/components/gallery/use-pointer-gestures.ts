import { useRef, type PointerEvent, type RefObject } from "react";

/** Horizontal travel (px) beyond which a touch counts as a swipe. */
const SWIPE_DISTANCE = 50;
/** Travel (px) below which a press counts as a tap rather than a drag. */
const TAP_TOLERANCE = 6;

interface Press {
  pointerId: number;
  pointerType: string;
  x: number;
  y: number;
  scrollLeft: number;
  scrollTop: number;
}

interface PointerGestureOptions {
  /** The scrollable stage that holds the image. */
  stageRef: RefObject<HTMLDivElement | null>;
  zoomed: boolean;
  onSwipeLeft: () => void;
  onSwipeRight: () => void;
  /** A tap on the image, with the tapped point as fractions of the image's size. */
  onTap: (point: { x: number; y: number }) => void;
}

/**
 * Pointer gestures of the viewer's stage: swipe left or right on a touch screen (not zoomed) to change
 * image, drag with the mouse to pan a zoomed image (touch pans natively), tap or click the image to zoom.
 */
export function usePointerGestures({
  stageRef,
  zoomed,
  onSwipeLeft,
  onSwipeRight,
  onTap,
}: PointerGestureOptions) {
  const press = useRef<Press | null>(null);

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0) return;
    const stage = event.currentTarget;
    press.current = {
      pointerId: event.pointerId,
      pointerType: event.pointerType,
      x: event.clientX,
      y: event.clientY,
      scrollLeft: stage.scrollLeft,
      scrollTop: stage.scrollTop,
    };
    if (zoomed && event.pointerType === "mouse") stage.setPointerCapture(event.pointerId);
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const start = press.current;
    const stage = stageRef.current;
    if (!start || !stage || !zoomed || start.pointerType !== "mouse" || start.pointerId !== event.pointerId)
      return;
    stage.scrollLeft = start.scrollLeft - (event.clientX - start.x);
    stage.scrollTop = start.scrollTop - (event.clientY - start.y);
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    const start = press.current;
    press.current = null;
    if (!start || start.pointerId !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;

    if (
      !zoomed &&
      start.pointerType === "touch" &&
      Math.abs(dx) > SWIPE_DISTANCE &&
      Math.abs(dx) > Math.abs(dy)
    ) {
      if (dx < 0) onSwipeLeft();
      else onSwipeRight();
      return;
    }
    if (Math.abs(dx) > TAP_TOLERANCE || Math.abs(dy) > TAP_TOLERANCE) return;
    if (!(event.target instanceof HTMLImageElement)) return;
    const rect = event.target.getBoundingClientRect();
    onTap({ x: (event.clientX - rect.left) / rect.width, y: (event.clientY - rect.top) / rect.height });
  }

  function onPointerCancel() {
    press.current = null;
  }

  return { onPointerDown, onPointerMove, onPointerUp, onPointerCancel };
}
