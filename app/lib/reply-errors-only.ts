import type { SubmissionResult } from "@conform-to/react";

/**
 * Conform's reply without `initialValue` (what was submitted): a JSON API answers the error of
 * each field, never an echo of the request (ADR 041). The browser's form keeps what the person
 * typed by itself (Conform keeps its current values when a reply carries none).
 */
export function errorsOnly<T>(result: SubmissionResult<T>): SubmissionResult<T> {
  const { initialValue: _echo, ...errors } = result;
  return errors;
}
