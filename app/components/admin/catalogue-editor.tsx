import type { getFormProps } from "@conform-to/react";
import { Pencil, Plus } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { FormErrors } from "~/components/forms/form-errors";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { adminMessages } from "~/lib/messages/admin.fr";

/*
 * The pieces of an admin page that lists items and edits one at a time in a card above the list
 * (services, coverage zones): `?new` opens an empty form, `?edit=<id>` the item's form.
 */

/** The item named by `?edit=`, and whether the form is open for a new item (or came back with errors). */
export function useEditorState<T extends { id: string }>(items: readonly T[], hasResult: boolean) {
  const [params] = useSearchParams();
  const editing = items.find((item) => item.id === params.get("edit"));
  const creating = params.has("new") || (hasResult && !editing);
  return { editing, creating };
}

/** The header button that opens the form for a new item. */
export function NewItemButton({ children }: { children: ReactNode }) {
  return (
    <Button asChild>
      <Link to="?new" preventScrollReset>
        <Plus aria-hidden />
        {children}
      </Link>
    </Button>
  );
}

/** The link, on an item's card, that opens its form. */
export function EditItemLink({ id, name }: { id: string; name: string }) {
  return (
    <Button asChild variant="outline" size="sm">
      <Link to={`?edit=${id}`} preventScrollReset aria-label={`${adminMessages.common.edit} ${name}`}>
        <Pencil aria-hidden />
        {adminMessages.common.edit}
      </Link>
    </Button>
  );
}

/**
 * The card holding the form: intent `save`, the item's id when editing, form-level errors, the
 * fields, then Save (busy while this form is sent) and Cancel (back to `cancelTo`).
 */
export function EditorForm({
  title,
  id,
  formProps,
  formErrorId,
  formErrors,
  cancelTo,
  children,
}: {
  title: string;
  id: string | undefined;
  formProps: ReturnType<typeof getFormProps>;
  formErrorId: string;
  formErrors: string[] | undefined;
  cancelTo: string;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <Form method="post" {...formProps} className="grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="save" />
          {id ? <input type="hidden" name="id" value={id} /> : null}
          <FormErrors id={formErrorId} errors={formErrors} />
          {children}
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <Button type="submit" loading={saving}>
              {saving ? adminMessages.common.saving : adminMessages.common.save}
            </Button>
            <Button asChild variant="outline">
              <Link to={cancelTo} preventScrollReset>
                {adminMessages.common.cancel}
              </Link>
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
