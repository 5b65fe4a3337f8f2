import type { SubmissionResult } from "@conform-to/react";
import { useEffect } from "react";
import { toast } from "~/components/ui/toast";

/** What the franchisee pages' actions answer to a fetcher: a form result and an error toast. */
export interface FranchiseeActionData {
  intent: string;
  ok: boolean;
  result?: SubmissionResult<string[]>;
  /** French text of a failure, shown as a destructive toast (successes come by the flash cookie). */
  error?: string;
}

/**
 * Shows the failure toast of an action answer once per answer. An answer with a form result is
 * not toasted: its errors are said at their fields (issue 15: no toasts for field errors).
 */
export function useFailureToast(data: FranchiseeActionData | undefined, title?: string): void {
  useEffect(() => {
    if (data && !data.ok && data.error && !data.result) {
      toast({
        title: title ?? data.error,
        description: title ? data.error : undefined,
        variant: "destructive",
      });
    }
  }, [data, title]);
}
