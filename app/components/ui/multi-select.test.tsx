// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";

import type { SelectOption } from "./combobox";
import { Field } from "./field";
import { MultiSelect } from "./multi-select";
import { setUpComponentTests } from "../../../tests/setup/component-tests";

setUpComponentTests();

const services: SelectOption[] = ["Lavage", "Cire", "Aquapel", "Cuir"].map((label) => ({
  value: label.toLowerCase(),
  label,
}));

function Harness({ initial = [], max }: { initial?: string[]; max?: number }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <>
      <Field label="Services">
        <MultiSelect options={services} value={value} onValueChange={setValue} max={max} name="services" />
      </Field>
      <output>{value.join(",")}</output>
    </>
  );
}

describe("MultiSelect", () => {
  it("ignores picks beyond the maximum and says the maximum is reached", async () => {
    const user = userEvent.setup();
    render(<Harness max={2} />);

    await user.click(screen.getByRole("button", { name: /Services/ }));
    const listbox = screen.getByRole("listbox");
    await user.click(within(listbox).getByRole("option", { name: "Lavage" }));
    await user.click(within(listbox).getByRole("option", { name: "Cire" }));
    await user.click(within(listbox).getByRole("option", { name: "Aquapel" }));

    expect(screen.getByText("Maximum de 2 sélections atteint.")).toHaveAttribute("role", "status");
    expect(within(listbox).getByRole("option", { name: "Aquapel" })).toHaveAttribute("aria-disabled", "true");
    expect(screen.getByText("lavage,cire", { selector: "output" })).toBeInTheDocument();
  });

  it("unselects a picked option and submits every value under the name", async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness initial={["lavage", "cire"]} />);

    await user.click(screen.getByRole("button", { name: "Services 2 options sélectionnées" }));
    await user.click(screen.getByRole("option", { name: "Lavage" }));

    expect(screen.getByText("cire", { selector: "output" })).toBeInTheDocument();
    const hidden = container.querySelectorAll<HTMLInputElement>('input[type="hidden"]');
    expect([...hidden].map((input) => input.value)).toEqual(["cire"]);
  });

  it("removes chips with the keyboard and keeps the focus in the list", async () => {
    const user = userEvent.setup();
    render(<Harness initial={["lavage", "cire", "aquapel"]} />);

    screen.getByRole("button", { name: "Retirer Cire" }).focus();
    await user.keyboard("{Enter}");
    expect(screen.getByText("lavage,aquapel", { selector: "output" })).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByRole("button", { name: "Retirer Aquapel" })).toHaveFocus());

    await user.keyboard("{Backspace}");
    expect(screen.getByText("lavage", { selector: "output" })).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByRole("button", { name: "Retirer Lavage" })).toHaveFocus());
  });
});
