// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { DatePicker } from "./date-picker";
import { Field } from "./field";
import { setUpComponentTests } from "./test-utils";

setUpComponentTests();

function Harness({ initial = "", min }: { initial?: string; min?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <Field label="Date du lavage">
        <DatePicker value={value} onValueChange={setValue} min={min} name="date" />
      </Field>
      <output>{value || "vide"}</output>
    </>
  );
}

const reported = () => screen.getByText(/./, { selector: "output" }).textContent;
const openPicker = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole("button", { name: /^Date du lavage/ }));

describe("DatePicker", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2025, 2, 15, 10, 30));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sets today's date with Aujourd'hui and closes", async () => {
    const user = userEvent.setup();
    render(<Harness />);

    await openPicker(user);
    await user.click(screen.getByRole("button", { name: "Aujourd'hui" }));

    expect(reported()).toBe("2025-03-15");
    expect(screen.queryByRole("grid")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Date du lavage 15 mars 2025" })).toBeInTheDocument();
  });

  it("empties the value with Effacer", async () => {
    const user = userEvent.setup();
    render(<Harness initial="2025-03-10" />);

    await openPicker(user);
    await user.click(screen.getByRole("button", { name: "Effacer" }));

    expect(reported()).toBe("vide");
    expect(screen.getByRole("button", { name: "Date du lavage Choisir une date" })).toBeInTheDocument();
  });

  it("reports a picked day as yyyy-MM-dd and closes", async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness />);

    await openPicker(user);
    expect(screen.getByRole("grid", { name: "mars 2025" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "jeudi 20 mars 2025" }));

    expect(reported()).toBe("2025-03-20");
    expect(screen.queryByRole("grid")).not.toBeInTheDocument();
    expect(container.querySelector('input[name="date"]')).toHaveValue("2025-03-20");
  });

  it("moves through the grid with the keyboard", async () => {
    const user = userEvent.setup();
    render(<Harness initial="2025-03-10" />);

    await openPicker(user);
    expect(screen.getByRole("button", { name: "lundi 10 mars 2025" })).toHaveFocus();

    await user.keyboard("{ArrowRight}{ArrowDown}");
    expect(screen.getByRole("button", { name: "mardi 18 mars 2025" })).toHaveFocus();
    await user.keyboard("{PageDown}");
    expect(screen.getByRole("grid", { name: "avril 2025" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "vendredi 18 avril 2025" })).toHaveFocus();
    await user.keyboard("{Home}{Enter}");

    expect(reported()).toBe("2025-04-13");
  });

  it("refuses days before the minimum", async () => {
    const user = userEvent.setup();
    render(<Harness min="2025-03-15" />);

    await openPicker(user);
    const past = screen.getByRole("button", { name: "vendredi 14 mars 2025" });
    expect(past).toHaveAttribute("aria-disabled", "true");
    await user.click(past);

    expect(reported()).toBe("vide");
    expect(screen.getByRole("grid")).toBeInTheDocument();
  });
});
