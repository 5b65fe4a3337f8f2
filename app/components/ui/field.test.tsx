// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { Checkbox } from "./checkbox";
import { Field } from "./field";
import { Input } from "./input";
import { setUpComponentTests } from "../../../tests/setup/component-tests";

setUpComponentTests();

describe("Field", () => {
  it("labels the control and wires the description and the French error", () => {
    render(
      <Field
        label="Courriel"
        description="Nous ne partageons jamais votre adresse."
        error={["L'adresse courriel est requise."]}
        required
      >
        <Input type="email" name="email" />
      </Field>,
    );

    const input = screen.getByRole("textbox", { name: "Courriel" });
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAttribute("aria-required", "true");
    expect(input).toHaveAccessibleDescription(
      "Nous ne partageons jamais votre adresse. L'adresse courriel est requise.",
    );
  });

  it("keeps a given id and stays valid without error", () => {
    render(
      <Field label="Consentement" id="consent" orientation="horizontal">
        <Checkbox />
      </Field>,
    );

    const checkbox = screen.getByRole("checkbox", { name: "Consentement" });
    expect(checkbox).toHaveAttribute("id", "consent");
    expect(checkbox).not.toHaveAttribute("aria-invalid");
    expect(checkbox).not.toHaveAttribute("aria-describedby");
  });
});
