// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { Button } from "./button";
import { setUpComponentTests } from "../../../tests/setup/component-tests";

setUpComponentTests();

describe("Button", () => {
  it("shows a spinner, is busy and disabled while loading", () => {
    render(<Button loading>Enregistrer</Button>);
    const button = screen.getByRole("button", { name: "Enregistrer" });
    expect(button).toHaveAttribute("aria-busy", "true");
    expect(button).toBeDisabled();
    expect(button.querySelector("svg")).toHaveClass("animate-spin");
  });

  it("renders its child with asChild", () => {
    render(
      <Button asChild variant="link">
        <a href="/booking">Réserver</a>
      </Button>,
    );
    expect(screen.getByRole("link", { name: "Réserver" })).toHaveClass("text-primary");
  });
});
