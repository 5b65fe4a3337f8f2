// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { setUpComponentTests } from "../../../tests/setup/component-tests";
import { dismissToast, toast, TOAST_DEFAULT_DURATION } from "./toast";
import { Toaster } from "./toaster";

setUpComponentTests();

const region = () => screen.getByRole("region", { name: "Notifications" });

describe("toast", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    render(<Toaster />);
  });
  afterEach(() => {
    act(() => dismissToast());
    vi.useRealTimers();
  });

  it("shows a toast in the live region and removes it after 5 s by default", () => {
    expect(TOAST_DEFAULT_DURATION).toBe(5000);
    act(() => {
      toast({ title: "Message envoyé", description: "Nous vous répondrons sous peu." });
    });

    const item = within(region()).getByRole("listitem");
    expect(item.closest("[aria-live]")).toHaveAttribute("aria-live", "polite");
    expect(item).toHaveAttribute("data-variant", "default");
    expect(item).toHaveTextContent("Message envoyé");
    expect(item).toHaveTextContent("Nous vous répondrons sous peu.");

    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByText("Message envoyé")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText("Message envoyé")).not.toBeInTheDocument();
  });

  it("honours a custom duration and marks destructive toasts", () => {
    act(() => {
      toast({ title: "Erreur", variant: "destructive", duration: 10_000 });
    });
    expect(screen.getByRole("listitem")).toHaveAttribute("data-variant", "destructive");

    act(() => vi.advanceTimersByTime(9999));
    expect(screen.getByText("Erreur")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText("Erreur")).not.toBeInTheDocument();
  });

  it("pauses while hovered", () => {
    act(() => {
      toast({ title: "Pause" });
    });
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.mouseEnter(screen.getByRole("listitem"));
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByText("Pause")).toBeInTheDocument();

    fireEvent.mouseLeave(screen.getByRole("listitem"));
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByText("Pause")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText("Pause")).not.toBeInTheDocument();
  });

  it("closes with the dismiss button and runs the action", () => {
    const onClick = vi.fn();
    act(() => {
      toast({ title: "Membre supprimé", action: { label: "Annuler", onClick } });
      toast({ title: "Membre ajouté" });
    });
    expect(screen.getAllByRole("listitem")).toHaveLength(2);

    fireEvent.click(screen.getByRole("button", { name: "Annuler" }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.queryByText("Membre supprimé")).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Fermer la notification" }));
    expect(screen.queryByRole("listitem")).not.toBeInTheDocument();
  });

  it("stacks the newest toasts and drops the oldest beyond three", () => {
    act(() => {
      for (const title of ["Un", "Deux", "Trois", "Quatre"]) toast({ title });
    });
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Quatre",
      "Trois",
      "Deux",
    ]);
  });
});
