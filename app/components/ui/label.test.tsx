// @vitest-environment jsdom
import { fireEvent, render } from "@testing-library/react";
import { Label as RadixLabel } from "radix-ui";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";

import { cn } from "~/lib/utils";
import { Label } from "./label";
import { setUpComponentTests } from "../../../tests/setup/component-tests";

setUpComponentTests();

const BASE =
  "text-sm leading-none font-medium select-none peer-disabled:cursor-not-allowed peer-disabled:opacity-60";

describe("Label", () => {
  it("renders what Radix's Label rendered", () => {
    const radix = renderToStaticMarkup(
      <RadixLabel.Root className={cn(BASE, "self-end")} id="l" htmlFor="c">
        Courriel
      </RadixLabel.Root>,
    );
    expect(
      renderToStaticMarkup(
        <Label className="self-end" id="l" htmlFor="c">
          Courriel
        </Label>,
      ),
    ).toBe(radix);
  });

  it("keeps a double click from selecting its text, not from reaching a control inside it", () => {
    const onMouseDown = vi.fn();
    const { getByText, getByRole } = render(
      <Label onMouseDown={onMouseDown}>
        Accepter <input type="checkbox" />
      </Label>,
    );
    expect(fireEvent.mouseDown(getByText(/Accepter/), { detail: 2 })).toBe(false);
    expect(fireEvent.mouseDown(getByText(/Accepter/), { detail: 1 })).toBe(true);
    expect(onMouseDown).toHaveBeenCalledTimes(2);
    expect(fireEvent.mouseDown(getByRole("checkbox"), { detail: 2 })).toBe(true);
    expect(onMouseDown).toHaveBeenCalledTimes(2);
  });
});
