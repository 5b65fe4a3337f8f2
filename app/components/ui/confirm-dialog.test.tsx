// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { render, renderHook, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";

import { ConfirmProvider, useConfirm, type ConfirmOptions } from "./confirm-dialog";
import { setUpComponentTests } from "../../../tests/setup/component-tests";

setUpComponentTests();

function Asker({ options }: { options: ConfirmOptions }) {
  const confirm = useConfirm();
  const [result, setResult] = useState("aucun");
  return (
    <>
      <button type="button" onClick={async () => setResult(String(await confirm(options)))}>
        Demander
      </button>
      <output>{result}</output>
    </>
  );
}

function renderAsker(options: ConfirmOptions) {
  render(
    <ConfirmProvider>
      <Asker options={options} />
    </ConfirmProvider>,
  );
}

const result = () => screen.getByText(/./, { selector: "output" }).textContent;

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("confirm dialog", () => {
  it("resolves true when the user confirms", async () => {
    const user = userEvent.setup();
    renderAsker({ title: "Supprimer le membre ?", description: "Cette action est définitive." });

    await user.click(screen.getByRole("button", { name: "Demander" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Supprimer le membre ?" });
    expect(dialog).toHaveAccessibleDescription("Cette action est définitive.");
    await user.click(screen.getByRole("button", { name: "Confirmer" }));

    expect(await screen.findByText("true", { selector: "output" })).toBeInTheDocument();
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  });

  it("resolves false on cancel and on Escape", async () => {
    const user = userEvent.setup();
    renderAsker({ title: "Continuer ?", cancelText: "Non merci" });

    await user.click(screen.getByRole("button", { name: "Demander" }));
    await user.click(await screen.findByRole("button", { name: "Non merci" }));
    expect(await screen.findByText("false", { selector: "output" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Demander" }));
    expect(screen.getByRole("alertdialog")).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(result()).toBe("false");
  });

  it("shows a spinner while an async onConfirm runs, then closes and resolves true", async () => {
    const user = userEvent.setup();
    const work = deferred();
    renderAsker({
      title: "Supprimer ?",
      type: "destructive",
      confirmText: "Supprimer",
      onConfirm: () => work.promise,
    });

    await user.click(screen.getByRole("button", { name: "Demander" }));
    await user.click(await screen.findByRole("button", { name: "Supprimer" }));

    const confirmButton = screen.getByRole("button", { name: "Supprimer" });
    expect(confirmButton).toHaveAttribute("aria-busy", "true");
    expect(confirmButton).toBeDisabled();
    expect(screen.getByRole("button", { name: "Annuler" })).toBeDisabled();
    await user.keyboard("{Escape}");
    expect(screen.getByRole("alertdialog")).toBeInTheDocument();
    expect(result()).toBe("aucun");

    work.resolve();
    expect(await screen.findByText("true", { selector: "output" })).toBeInTheDocument();
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  });

  it("stays open with an error when onConfirm fails", async () => {
    const user = userEvent.setup();
    const work = deferred();
    renderAsker({ title: "Envoyer ?", onConfirm: () => work.promise });

    await user.click(screen.getByRole("button", { name: "Demander" }));
    await user.click(await screen.findByRole("button", { name: "Confirmer" }));
    work.reject(new Error("réseau"));

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Une erreur inattendue s'est produite. Veuillez réessayer.",
    );
    expect(screen.getByRole("button", { name: "Confirmer" })).toBeEnabled();
    await user.click(screen.getByRole("button", { name: "Annuler" }));
    expect(await screen.findByText("false", { selector: "output" })).toBeInTheDocument();
  });

  it("throws when useConfirm is used outside ConfirmProvider", () => {
    expect(() => renderHook(() => useConfirm())).toThrow("useConfirm must be used inside ConfirmProvider");
  });
});
