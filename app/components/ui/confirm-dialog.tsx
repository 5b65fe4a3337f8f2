import { TriangleAlert } from "lucide-react";
import { AlertDialog as AlertDialogPrimitive } from "radix-ui";
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from "react";

import { messages } from "~/lib/messages.fr";
import { cn } from "~/lib/utils";

import { Button } from "./button";
import { modalPanelClasses, overlayClasses } from "./dialog";

export type ConfirmOptions = {
  title: string;
  description?: ReactNode;
  /** Defaults to 'Confirmer'. */
  confirmText?: string;
  /** Defaults to 'Annuler'. */
  cancelText?: string;
  /** `destructive` paints the confirm button red and shows a warning icon unless `icon` is given. */
  type?: "default" | "destructive";
  icon?: ReactNode;
  /**
   * Runs when the user confirms; the dialog shows a spinner until it settles, then closes.
   * If it throws, the dialog stays open with a generic error so the user can retry or cancel.
   */
  onConfirm?: () => Promise<void> | void;
};

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

type Request = { options: ConfirmOptions; resolve: (confirmed: boolean) => void };

const ConfirmContext = createContext<Confirm | null>(null);

/**
 * Returns `confirm(options)`, which opens the confirmation dialog and resolves to true when the
 * user confirms, false when they cancel.
 */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error(messages.errors.useConfirmOutsideProvider);
  return confirm;
}

/** Hosts the confirmation dialog. Nested providers reuse the outer one. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const parent = useContext(ConfirmContext);
  if (parent) return children;
  return <ConfirmHost>{children}</ConfirmHost>;
}

function ConfirmHost({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<Request | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [failed, setFailed] = useState(false);
  const pending = useRef<Request | null>(null);

  const confirm = useCallback<Confirm>(
    (options) =>
      new Promise<boolean>((resolve) => {
        pending.current?.resolve(false);
        pending.current = { options, resolve };
        setRequest(pending.current);
        setConfirming(false);
        setFailed(false);
      }),
    [],
  );

  function settle(target: Request, confirmed: boolean) {
    if (pending.current !== target) return;
    pending.current = null;
    target.resolve(confirmed);
    setRequest(null);
    setConfirming(false);
  }

  async function onConfirmClick(target: Request) {
    if (target.options.onConfirm) {
      setConfirming(true);
      setFailed(false);
      try {
        await target.options.onConfirm();
      } catch {
        if (pending.current === target) {
          setConfirming(false);
          setFailed(true);
        }
        return;
      }
    }
    settle(target, true);
  }

  const options = request?.options;
  const destructive = options?.type === "destructive";
  const icon = options?.icon ?? (destructive ? <TriangleAlert className="size-5" /> : null);

  return (
    <ConfirmContext value={confirm}>
      {children}
      <AlertDialogPrimitive.Root
        open={request !== null}
        onOpenChange={(open) => {
          if (!open && request && !confirming) settle(request, false);
        }}
      >
        {request && options ? (
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
                  onClick={() => void onConfirmClick(request)}
                >
                  {options.confirmText ?? messages.ui.confirm}
                </Button>
              </div>
            </AlertDialogPrimitive.Content>
          </AlertDialogPrimitive.Portal>
        ) : null}
      </AlertDialogPrimitive.Root>
    </ConfirmContext>
  );
}
