import { Progress as RadixProgress } from "radix-ui";
import type { ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";

import { cn } from "~/lib/utils";
import { Progress } from "./progress";

/** The component as it was on Radix's Progress: the oracle of its markup. */
function RadixBar({ className, value, ...props }: ComponentProps<typeof RadixProgress.Root>) {
  const percent = Math.min(100, Math.max(0, value ?? 0));
  return (
    <RadixProgress.Root
      value={value}
      className={cn("relative h-2.5 w-full overflow-hidden rounded-full bg-secondary", className)}
      {...props}
    >
      <RadixProgress.Indicator
        className="h-full w-full flex-1 bg-primary transition-transform duration-300 motion-reduce:transition-none"
        style={{ transform: `translateX(-${100 - percent}%)` }}
      />
    </RadixProgress.Root>
  );
}

describe("Progress", () => {
  it.each([undefined, null, 0, 1, 33.3, 37.5, 99.6, 100, 120, -5, Number.NaN])(
    "renders what Radix's Progress rendered for the value %s",
    (value) => {
      // Radix reports an invalid value on the console; the bar treats it as indeterminate too.
      const error = vi.spyOn(console, "error").mockImplementation(() => {});
      const radix = renderToStaticMarkup(<RadixBar value={value} aria-label="Chargement" className="mt-3" />);
      error.mockRestore();
      expect(renderToStaticMarkup(<Progress value={value} aria-label="Chargement" className="mt-3" />)).toBe(
        radix,
      );
    },
  );

  it("keeps the caller's attributes where Radix put them", () => {
    const props = { value: 40, "aria-labelledby": "niveau", "aria-valuetext": "40 %" };
    expect(renderToStaticMarkup(<Progress {...props} />)).toBe(renderToStaticMarkup(<RadixBar {...props} />));
  });
});
