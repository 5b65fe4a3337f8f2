import { getInputProps } from "@conform-to/react";
import { X } from "lucide-react";
import { useEffect, useRef, useState } from "react";

import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { APPLICATION_PHOTO_ACCEPT } from "~/domain/applications/photo";
import { applicationMessages } from "~/lib/messages/application.fr";
import { useHydrated } from "~/lib/use-hydrated";

import type { ApplicationFields } from "./application-field-types";

const f = applicationMessages.fields;

/**
 * The optional photo of the candidate (ADR 076): a plain file input, so a phone offers its camera
 * or its files and the form works without JavaScript. With it, the chosen photo shows as a
 * preview with a button to remove it. A photo sent with a refused form without JavaScript cannot
 * come back in the input: `photoSent` says so until another one is chosen.
 */
export function PhotoField({ fields, photoSent }: { fields: ApplicationFields; photoSent: boolean }) {
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<{ url: string; name: string } | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const field = fields.photo;

  // The preview's object URL is released when it changes and when the form goes.
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview.url) : undefined), [preview]);

  function show(file: File | undefined) {
    if (!file || file.size === 0 || !file.type.startsWith("image/")) {
      setPreview(null);
      return;
    }
    setPreview({ url: URL.createObjectURL(file), name: file.name });
    setAnnouncement(f.photoChosen(file.name));
  }

  function remove() {
    const element = input.current;
    if (!element) return;
    element.value = "";
    // Conform hears the change and checks the field again (now empty: valid).
    element.dispatchEvent(new Event("input", { bubbles: true }));
    element.dispatchEvent(new Event("change", { bubbles: true }));
    setPreview(null);
    setAnnouncement(f.photoRemoved);
    element.focus();
  }

  return (
    <div className="grid gap-3">
      <Field
        label={
          <>
            {f.photo}{" "}
            <span className="font-normal text-muted-foreground">({applicationMessages.optional})</span>
          </>
        }
        id={field.id}
        error={field.errors}
        description={f.photoHint}
      >
        <Input
          ref={input}
          {...getInputProps(field, { type: "file", ariaAttributes: false })}
          accept={APPLICATION_PHOTO_ACCEPT.join(",")}
          className="h-auto py-2"
          onChange={(event) => show(event.currentTarget.files?.[0])}
        />
      </Field>
      {photoSent && !preview ? (
        <Alert variant="info" id={`${field.id}-not-kept`}>
          <AlertDescription>{applicationMessages.errors.photoNotKept}</AlertDescription>
        </Alert>
      ) : null}
      {hydrated && preview ? (
        <figure className="flex flex-wrap items-end gap-3">
          <img
            src={preview.url}
            alt={f.photoPreview}
            className="size-32 rounded-md border object-cover sm:size-40"
          />
          <figcaption className="grid min-w-0 flex-1 gap-2 text-sm text-muted-foreground">
            <span className="[overflow-wrap:anywhere]">{f.photoChosen(preview.name)}</span>
            <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={remove}>
              <X aria-hidden="true" />
              {f.photoRemove}
            </Button>
          </figcaption>
        </figure>
      ) : null}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
