// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";

import { filterOptions, type SelectOption } from "./combobox";
import { Field } from "./field";
import { SearchSelect } from "./search-select";
import { setUpComponentTests } from "../../../tests/setup/component-tests";

setUpComponentTests();

const cities: SelectOption[] = [
  { value: "granby", label: "Granby", group: "Estrie" },
  { value: "sherbrooke", label: "Sherbrooke", group: "Estrie" },
  { value: "gatineau", label: "Gatineau", group: "Outaouais" },
  { value: "trois-rivieres", label: "Trois-Rivières", prefix: "TR" },
];

function Harness({ onValueChange }: { onValueChange: (value: string) => void }) {
  const [value, setValue] = useState("");
  return (
    <Field label="Ville">
      <SearchSelect
        options={cities}
        value={value}
        onValueChange={(next) => {
          setValue(next);
          onValueChange(next);
        }}
      />
    </Field>
  );
}

describe("filterOptions", () => {
  it("keeps labels containing the query, ignoring case", () => {
    expect(filterOptions(cities, "BRO").map((o) => o.value)).toEqual(["sherbrooke"]);
    expect(filterOptions(cities, "an").map((o) => o.value)).toEqual(["granby"]);
    expect(filterOptions(cities, "  ")).toHaveLength(4);
  });
});

describe("SearchSelect", () => {
  it("filters options by label and shows 'Aucune option trouvée' when none match", async () => {
    const user = userEvent.setup();
    render(<Harness onValueChange={vi.fn()} />);

    await user.click(screen.getByRole("button", { name: /Ville/ }));
    const search = screen.getByRole("combobox");
    expect(screen.getAllByRole("option")).toHaveLength(4);
    expect(screen.getByRole("group", { name: "Estrie" })).toBeInTheDocument();

    await user.type(search, "GAT");
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["Gatineau"]);

    await user.clear(search);
    await user.type(search, "montréal");
    expect(screen.queryAllByRole("option")).toHaveLength(0);
    expect(screen.getByText("Aucune option trouvée")).toBeInTheDocument();
  });

  it("picks an option with the keyboard, reports its value and closes", async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<Harness onValueChange={onValueChange} />);

    await user.click(screen.getByRole("button", { name: /Ville/ }));
    await user.type(screen.getByRole("combobox"), "e");
    await user.keyboard("{ArrowDown}{Enter}");

    expect(onValueChange).toHaveBeenCalledWith("sherbrooke");
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Ville Sherbrooke" })).toHaveFocus();
  });
});
