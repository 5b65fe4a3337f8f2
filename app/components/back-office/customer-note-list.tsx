import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";
import { CUSTOMER_NOTE_MAX } from "~/domain/customers/schemas";
import { formatDateTime } from "~/domain/time/format-instant";
import { customersMessages } from "~/lib/messages/customers.fr";
import type { CustomerNote, CustomerNoteActionData } from "~/domain/customers/record";

const t = customersMessages;

/** A note as it reaches the page: its dates may be strings after serialization. */
type NoteView = Omit<CustomerNote, "createdAt" | "editedAt"> & {
  createdAt: Date | string;
  editedAt: Date | string | null;
};

/** The private notes on a customer (ADR 096): added, and edited by their author, with who and when. */
export function CustomerNotes({
  id,
  notes,
  newNoteId,
  actionData,
  admin,
}: {
  id: string;
  notes: NoteView[];
  newNoteId: string;
  actionData: CustomerNoteActionData | undefined;
  admin: boolean;
}) {
  const navigation = useNavigation();
  const busy = (intent: string, noteId?: string) =>
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    (noteId === undefined || navigation.formData?.get("noteId") === noteId);
  const addFailed = actionData?.intent === "add-note" ? actionData : undefined;
  return (
    <section aria-labelledby={`${id}-notes`} className="grid gap-3 rounded-lg border p-4">
      <div className="grid gap-1">
        <h2 id={`${id}-notes`} className="text-lg font-semibold">
          {t.notes}
        </h2>
        <p className="text-sm text-muted-foreground">{admin ? t.notesHintAdmin : t.notesHint}</p>
      </div>
      <Form method="post" className="grid gap-2" key={newNoteId}>
        <input type="hidden" name="intent" value="add-note" />
        <input type="hidden" name="noteId" value={newNoteId} />
        <Field label={t.newNote} error={addFailed?.error} required>
          <Textarea
            name="body"
            rows={3}
            maxLength={CUSTOMER_NOTE_MAX}
            defaultValue={addFailed?.body}
            required
          />
        </Field>
        <Button type="submit" className="justify-self-start" loading={busy("add-note")}>
          {t.addNote}
        </Button>
      </Form>
      {notes.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.noNotes}</p>
      ) : (
        <ul className="grid gap-3" data-testid="customer-notes">
          {notes.map((note) => {
            const failed =
              actionData?.intent === "edit-note" && actionData.noteId === note.id ? actionData : undefined;
            return (
              <li key={note.id} className="grid gap-2 rounded-md bg-muted/50 p-3">
                <p className="text-sm break-words whitespace-pre-line">{note.body}</p>
                <p className="text-xs text-muted-foreground">
                  {t.byOn(note.authorName, formatDateTime(note.createdAt, "medium"))}
                  {admin || note.franchiseeId === null ? ` · ${note.franchiseName ?? t.headOffice}` : null}
                  {note.editedAt && note.editedByName
                    ? ` · ${t.editedBy(note.editedByName, formatDateTime(note.editedAt, "medium"))}`
                    : null}
                </p>
                {note.editable ? (
                  <details open={failed ? true : undefined}>
                    <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-medium text-primary">
                      {t.editNote}
                    </summary>
                    <Form
                      method="post"
                      className="mt-2 grid gap-2"
                      key={`${note.id}-${String(note.editedAt)}`}
                    >
                      <input type="hidden" name="intent" value="edit-note" />
                      <input type="hidden" name="noteId" value={note.id} />
                      <Field label={t.editNoteLabel} error={failed?.error} required>
                        <Textarea
                          name="body"
                          rows={3}
                          maxLength={CUSTOMER_NOTE_MAX}
                          defaultValue={failed?.body ?? note.body}
                          required
                        />
                      </Field>
                      <Button
                        type="submit"
                        variant="outline"
                        className="justify-self-start"
                        loading={busy("edit-note", note.id)}
                      >
                        {t.saveNote}
                      </Button>
                    </Form>
                  </details>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
