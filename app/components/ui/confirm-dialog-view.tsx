import { TriangleAlert } from "lucide-react";
import { AlertDialog as AlertDialogPrimitive } from "radix-ui";

import { messages } from "~/lib/messages.fr";
import { cn } from "~/lib/utils";

import { Button } from "./button";
import type { ConfirmOptions } from "./confirm-options";
import { modalPanelClasses, overlayClasses } from "./dialog-classes";

/** The confirmation dialog itself, loaded on the first `confirm()` (confirm-dialog.tsx, ADR 054). */
export function ConfirmDialogView({
  options,
  confirming,
  failed,
  onCancel,
  onConfirm,
}: {
  options: ConfirmOptions;
  confirming: boolean;
  failed: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const destructive = options.type === "destructive";
  const icon = options.icon ?? (destructive ? <TriangleAlert className="size-5" /> : null);

  return (
    <AlertDialogPrimitive.Root
      open
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
    >
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className={overlayClasses} />
        <AlertDialogPrimitive.Content
          className={cn(modalPanelClasses, "max-w-md")}
          aria-busy={confirming || undefined}
          {...(options.description ? {} : { "aria-describedby": undefined })}
          onEscapeKeyDown={(event) => {
            if (confirming) event.preventDefault();
          }}
        >
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
            {icon ? (
              <div
                aria-hidden="true"
                className={cn(
                  "flex size-10 shrink-0 items-center justify-center rounded-full",
                  destructive ? "bg-destructive/10 text-destructive" : "bg-primary/10 text-primary",
                )}
              >
                {icon}
              </div>
            ) : null}
            <div className="grid gap-2">
              <AlertDialogPrimitive.Title className="text-lg leading-tight font-semibold">
                {options.title}
              </AlertDialogPrimitive.Title>
              {options.description ? (
                <AlertDialogPrimitive.Description className="text-sm text-muted-foreground">
                  {options.description}
                </AlertDialogPrimitive.Description>
              ) : null}
              {failed ? (
                <p role="alert" className="text-sm font-medium text-destructive">
                  {messages.errors.generic}
                </p>
              ) : null}
            </div>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogPrimitive.Cancel asChild>
              <Button variant="outline" disabled={confirming}>
                {options.cancelText ?? messages.ui.cancel}
              </Button>
            </AlertDialogPrimitive.Cancel>
            <Button
              variant={destructive ? "destructive" : "default"}
              loading={confirming}
              onClick={onConfirm}
            >
              {options.confirmText ?? messages.ui.confirm}
            </Button>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
