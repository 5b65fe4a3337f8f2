// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StarRatingInput, Stars } from "./star-rating";

const fills = (container: HTMLElement) =>
  [...container.querySelectorAll("[data-fill]")].map((star) => Number(star.getAttribute("data-fill")));

describe("Stars", () => {
  it("draws 4,5 as four and a half stars, read with a decimal comma", () => {
    const { container } = render(<Stars rating={4.5} />);
    expect(screen.getByRole("img", { name: "4,5 étoiles sur 5" })).toBeInTheDocument();
    expect(fills(container)).toEqual([1, 1, 1, 1, 0.5]);
  });

  it("rounds an average to the nearest half star, and reads one star in the singular", () => {
    expect(fills(render(<Stars rating={4.26} />).container)).toEqual([1, 1, 1, 1, 0.5]);
    expect(fills(render(<Stars rating={4.2} />).container)).toEqual([1, 1, 1, 1, 0]);
    render(<Stars rating={1} />);
    expect(screen.getByRole("img", { name: "1 étoile sur 5" })).toBeInTheDocument();
  });
});

describe("StarRatingInput", () => {
  it("is one radio group of five stars named by their value", () => {
    render(<StarRatingInput name="rating" errorId="rating-error" />);
    const radios = screen.getAllByRole("radio");
    expect(radios.map((radio) => radio.getAttribute("value"))).toEqual(["1", "2", "3", "4", "5"]);
    expect(screen.getByRole("group", { name: /Votre note/ })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("radio", { name: "4 étoiles" }));
    expect(screen.getByRole("radio", { name: "4 étoiles" })).toBeChecked();
  });
});
