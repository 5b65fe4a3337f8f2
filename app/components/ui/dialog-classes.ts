// The modal overlay and panel classes, apart from dialog.tsx so that what shows a modal's waiting
// state before its dialog library has loaded does not load that library (ADR 054).

export const overlayClasses =
  "fixed inset-0 z-50 bg-black/60 backdrop-blur-[2px] transition-opacity starting:opacity-0 motion-reduce:transition-none";

export const modalPanelClasses =
  "fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border bg-card p-6 text-card-foreground shadow-lg transition-[opacity,scale] starting:scale-95 starting:opacity-0 motion-reduce:transition-none";
