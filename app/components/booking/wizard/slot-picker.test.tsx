// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";

import { setUpComponentTests } from "../../../../tests/setup/component-tests";
import { SlotPicker, type SlotDay } from "./slot-picker";

setUpComponentTests();

// Thursday 2026-01-15 to Friday 2026-02-13; Sundays closed, Wednesday 2026-01-21 full.
const closed = new Set(["2026-01-18", "2026-01-21", "2026-01-25", "2026-02-01", "2026-02-08"]);
const days: SlotDay[] = Array.from({ length: 30 }, (_, i) => {
  const date = new Date(Date.UTC(2026, 0, 15 + i)).toISOString().slice(0, 10);
  return {
    date,
    slots: closed.has(date) ? [] : [{ start: `${date}T09:00:00-05:00`, end: `${date}T10:30:00-05:00` }],
  };
});

function renderPicker() {
  const Stub = createRoutesStub([
    {
      path: "/reserver",
      Component: () => (
        <SlotPicker
          name="start"
          days={days}
          durationMinutes={90}
          errorId="start-error"
          phone="450 555-0100"
        />
      ),
    },
  ]);
  render(<Stub initialEntries={["/reserver"]} />);
}

const day = (name: RegExp) => screen.getByRole("radio", { name });

describe("SlotPicker's day calendar, by keyboard", () => {
  it("labels every day in French, closed ones with the reason, and lets Tab reach the chosen one only", async () => {
    renderPicker();
    const first = day(/^jeudi 15 janvier 2026$/);
    expect(first).toBeChecked();
    expect(day(/^mercredi 21 janvier 2026, aucune heure libre$/)).toBeDisabled();
    expect(screen.getByText(/Page précédente et Page suivante pour le mois/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.tab();
    expect(first).toHaveFocus();
    // One tab stop for the 30 days: the next Tab leaves the calendar for the day's times.
    await user.tab();
    expect(screen.getByRole("radio", { name: "9 h 00" })).toHaveFocus();
  });

  it("moves the choice and the focus with the arrows, Home/End and PageUp/PageDown", async () => {
    renderPicker();
    const user = userEvent.setup();
    day(/^jeudi 15 janvier 2026$/).focus();
    const expectOn = (name: RegExp) => {
      expect(day(name)).toHaveFocus();
      expect(day(name)).toBeChecked();
    };
    await user.keyboard("{ArrowRight}");
    expectOn(/^vendredi 16 janvier/);
    await user.keyboard("{ArrowDown}");
    expectOn(/^vendredi 23 janvier/);
    await user.keyboard("{Home}");
    expectOn(/^lundi 19 janvier/);
    await user.keyboard("{ArrowLeft}");
    expectOn(/^samedi 17 janvier/); // over the closed Sunday
    await user.keyboard("{End}");
    expectOn(/^samedi 17 janvier/); // Sunday closed: Saturday is the week's last open day
    await user.keyboard("{ArrowRight}{ArrowRight}{ArrowRight}");
    expectOn(/^jeudi 22 janvier/); // over the full Wednesday
    await user.keyboard("{ArrowUp}");
    expectOn(/^jeudi 15 janvier/);
    await user.keyboard("{PageDown}");
    expectOn(/^vendredi 13 février/); // 15 February is past the last day
    await user.keyboard("{PageUp}");
    expectOn(/^jeudi 15 janvier/);
    // At the first day, left stays (no wrapping round to the last, as plain radios would).
    await user.keyboard("{ArrowLeft}");
    expectOn(/^jeudi 15 janvier/);
    // The chosen day's times follow.
    expect(screen.getByRole("group", { name: /jeudi 15 janvier 2026/i })).toBeInTheDocument();
  });
});
