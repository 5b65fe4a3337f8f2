// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";

import { isStepClickable, Stepper } from "./stepper";
import { setUpComponentTests } from "../../../tests/setup/component-tests";

setUpComponentTests();

const steps = ["Personnel", "Professionnel", "Références", "Soumission"].map((label) => ({
  label,
}));

describe("isStepClickable", () => {
  it("allows completed steps and steps at or before the current one", () => {
    expect(isStepClickable(0, 1, [0])).toBe(true);
    expect(isStepClickable(1, 1, [0])).toBe(true);
    expect(isStepClickable(2, 1, [0])).toBe(false);
    expect(isStepClickable(3, 0, [0, 1, 2, 3])).toBe(true);
  });
});

describe("Stepper", () => {
  it("lets the user click only reachable steps and marks the current one", async () => {
    const user = userEvent.setup();
    const onStepClick = vi.fn();
    render(<Stepper steps={steps} current={1} completed={[0, 2]} onStepClick={onStepClick} />);

    const personnel = screen.getByRole("button", { name: "Étape 1 sur 4 : Personnel, terminée" });
    const professionnel = screen.getByRole("button", { name: /Professionnel, en cours$/ });
    const references = screen.getByRole("button", { name: /Références, terminée$/ });
    const soumission = screen.getByRole("button", { name: "Étape 4 sur 4 : Soumission" });

    expect(professionnel).toHaveAttribute("aria-current", "step");
    expect(personnel).not.toHaveAttribute("aria-current");
    expect(soumission).toBeDisabled();

    await user.click(personnel);
    await user.click(references);
    await user.click(soumission);
    expect(onStepClick.mock.calls).toEqual([[0], [2]]);
  });

  it("renders plain steps without onStepClick", () => {
    render(<Stepper steps={steps} current={0} completed={[]} />);
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Progression" })).toBeInTheDocument();
    expect(screen.getByText(/Étape 1 sur 4/).closest("[aria-current]")).toHaveAttribute(
      "aria-current",
      "step",
    );
  });
});
