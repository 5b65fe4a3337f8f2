import { getFormProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { ActionButton } from "~/components/admin/confirm-submit";
import { NativeSelect } from "~/components/admin/native-select";
import { FormErrors } from "~/components/forms/form-errors";
import { InputField } from "~/components/forms/input-field";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { PhotoPlaceSchema } from "~/domain/gallery/placements";
import { photosMessages } from "~/lib/messages/photos.fr";

const t = photosMessages;

/** A place of the site a photo may serve (ADR 106), as the select offers it. */
export interface Place {
  slot: string;
  group: "site" | "upsells" | "zones";
  label: string;
}

/** A place and the photo chosen for it (placements.server.ts, listPlacements). */
interface PlacedRow {
  slot: string;
  photoId: string;
  caption: string;
  alt: string;
}

/**
 * « Où cette photo paraît » (ADR 106): the places this photo serves, each with its alternative
 * text and a button to take it back, and the form choosing a new place (one photo per place:
 * the new choice replaces the photo that was there).
 */
export function PlacementForm({
  photo,
  places,
  placements,
  lastResult,
}: {
  photo: { id: string };
  places: Place[];
  placements: PlacedRow[];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const placing =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "place" &&
    navigation.formData?.get("id") === photo.id;
  const [form, fields] = useForm({
    id: `place-${photo.id}`,
    lastResult: navigation.state === "idle" ? lastResult : null,
    constraint: getZodConstraint(PhotoPlaceSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PhotoPlaceSchema }),
  });
  const label = new Map(places.map((place) => [place.slot, place.label]));
  const mine = placements.filter((placement) => placement.photoId === photo.id);
  const takenBy = new Map(
    placements.filter((p) => p.photoId !== photo.id).map((p) => [p.slot, p.caption] as const),
  );
  const headingId = `place-title-${photo.id}`;
  const option = (place: Place) => (
    <option key={place.slot} value={place.slot}>
      {place.label}
      {takenBy.has(place.slot) ? t.placementTaken(takenBy.get(place.slot)!) : ""}
    </option>
  );
  return (
    <section aria-labelledby={headingId} className="grid gap-3 border-t pt-3">
      <h3 id={headingId} className="text-sm font-semibold">
        {t.placementTitle}
      </h3>
      {mine.length > 0 ? (
        <ul className="grid gap-2" aria-label={t.placedIn}>
          {mine.map((placement) => (
            <li
              key={placement.slot}
              className="flex items-start justify-between gap-2 rounded-md bg-muted/60 p-2 text-sm"
            >
              <span className="grid min-w-0 gap-0.5">
                <span className="font-medium break-words">{label.get(placement.slot) ?? placement.slot}</span>
                <span className="break-words text-muted-foreground">{t.placedAlt(placement.alt)}</span>
              </span>
              <ActionButton
                fields={{ intent: "unplace", slot: placement.slot }}
                variant="outline"
                size="sm"
                aria-label={t.unplaceLabel(label.get(placement.slot) ?? placement.slot)}
              >
                {t.unplace}
              </ActionButton>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="text-sm text-muted-foreground">{t.placementHint}</p>
      <Form method="post" {...getFormProps(form)} className="grid gap-3">
        <input type="hidden" name="intent" value="place" />
        <input type="hidden" name="id" value={photo.id} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field label={t.placement} id={fields.slot.id} error={fields.slot.errors} required>
          <NativeSelect {...getSelectProps(fields.slot, { ariaAttributes: false })}>
            <option value="">{t.placementNone}</option>
            <optgroup label={t.placementGroupSite}>
              {places.filter((p) => p.group === "site").map(option)}
            </optgroup>
            {places.some((p) => p.group === "upsells") ? (
              <optgroup label={t.placementGroupUpsells}>
                {places.filter((p) => p.group === "upsells").map(option)}
              </optgroup>
            ) : null}
            {places.some((p) => p.group === "zones") ? (
              <optgroup label={t.placementGroupZones}>
                {places.filter((p) => p.group === "zones").map(option)}
              </optgroup>
            ) : null}
          </NativeSelect>
        </Field>
        <InputField meta={fields.alt} label={t.alt} description={t.altHint} required />
        <div>
          <Button type="submit" variant="secondary" size="sm" loading={placing}>
            {t.place}
          </Button>
        </div>
      </Form>
    </section>
  );
}
