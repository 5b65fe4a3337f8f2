/** Focuses an element and brings it to the middle of the screen (a refusal's field). */
export function focusInView(element: HTMLElement | null) {
  if (!element) return;
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: "center" });
}
