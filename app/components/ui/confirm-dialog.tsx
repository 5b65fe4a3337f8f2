import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useRef,
  useState,
  type ReactNode,
} from "react";

import { messages } from "~/lib/messages.fr";
import { cn } from "~/lib/utils";

import { modalPanelClasses, overlayClasses } from "./dialog-classes";
import type { ConfirmOptions } from "./confirm-options";
import { Spinner } from "./spinner";

const ConfirmDialogView = lazy(() =>
  import("./confirm-dialog-view").then((module) => ({ default: module.ConfirmDialogView })),
);

export type { ConfirmOptions };

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

  return (
    <ConfirmContext value={confirm}>
      {children}
      {request ? (
        // The dialog and its library (Radix) load on the first confirmation asked (ADR 054).
        <Suspense
          fallback={
            <div className={overlayClasses}>
              <div className={cn(modalPanelClasses, "max-w-md justify-center")}>
                <Spinner />
              </div>
            </div>
          }
        >
          <ConfirmDialogView
            options={request.options}
            confirming={confirming}
            failed={failed}
            onCancel={() => {
              if (!confirming) settle(request, false);
            }}
            onConfirm={() => void onConfirmClick(request)}
          />
        </Suspense>
      ) : null}
    </ConfirmContext>
  );
}
