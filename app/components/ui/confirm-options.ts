import type { ReactNode } from "react";

/** What a confirmation dialog asks (useConfirm), apart so the lazily loaded view needs only the type. */
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
