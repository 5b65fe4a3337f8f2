import { useRef, type ComponentProps, type ReactNode } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { useConfirm, type ConfirmOptions } from "~/components/ui/confirm-dialog";

/**
 * A one-button form posting `fields` to the current page. Once hydrated it first asks for a
 * confirmation when `confirm` is given; before hydration it posts at once (the action re-checks).
 */
export function ActionButton({
  fields,
  confirm: confirmOptions,
  children,
  action,
  ...button
}: {
  fields: Record<string, string>;
  confirm?: Omit<ConfirmOptions, "onConfirm">;
  children: ReactNode;
  action?: string;
} & Omit<ComponentProps<typeof Button>, "type" | "onClick">) {
  const confirm = useConfirm();
  const submit = useSubmit();
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const busy =
    navigation.state !== "idle" &&
    Object.entries(fields).every(([name, value]) => navigation.formData?.get(name) === value);
  return (
    <Form method="post" action={action} ref={form} className="inline-flex">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button
        type="submit"
        loading={busy}
        onClick={(event) => {
          if (!confirmOptions) return;
          event.preventDefault();
          const target = form.current;
          if (target) void confirm({ ...confirmOptions, onConfirm: () => submit(target) });
        }}
        {...button}
      >
        {children}
      </Button>
    </Form>
  );
}
