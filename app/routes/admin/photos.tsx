import {
  getFormProps,
  getInputProps,
  getSelectProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { ArrowDown, ArrowUp, ImagePlus } from "lucide-react";
import type { ReactNode } from "react";
import { Form, useActionData, useLocation, useNavigation } from "react-router";
import { ActionButton } from "~/components/admin/confirm-submit";
import { NativeSelect } from "~/components/admin/native-select";
import { EmptyState, PageHeader } from "~/components/admin/page-header";
import { FormErrors } from "~/components/forms/form-errors";
import { InputField } from "~/components/forms/input-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { PHOTO_ACCEPT, photoGalleryItem, PhotoUploadSchema } from "~/domain/gallery/photos";
import { photosMessages } from "~/lib/messages/photos.fr";
import { requireRole } from "~/server/http/require-role.server";
import { getDb } from "~/server/db.server";
import { listAllPhotos, type AdminPhoto } from "~/server/services/gallery/manage-photos.server";
import { listZones } from "~/server/services/zones/list-zones.server";
import { listUpsellOptions } from "~/server/services/catalog/list-upsell-options.server";
import { placementSlot } from "~/domain/gallery/placements";
import { listPlacements } from "~/server/services/gallery/placements.server";
import { PlacementForm, type Place } from "~/components/admin/photo-placement-form";
import type { Route } from "./+types/photos";
import { photosAction } from "./photos.server";

const t = photosMessages;

export const meta: Route.MetaFunction = () => [
  { title: `${t.title} | Lavage Mobile Prestige` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, url }: Route.LoaderArgs) {
  const actor = await requireRole({ request, url }, ["admin"]);
  const db = getDb();
  const [photos, zones, upsells, placements] = await Promise.all([
    listAllPhotos(db, { actor }),
    listZones(db),
    listUpsellOptions(db),
    listPlacements(db, { actor }),
  ]);
  // Every place of the site a photo may serve (ADR 106), in the order of the select.
  const places: Place[] = [
    { slot: placementSlot("hero"), group: "site", label: t.placementHero },
    ...upsells.map((u) => ({
      slot: placementSlot("upsell", u.id),
      group: "upsells" as const,
      label: t.placementUpsell(u.name),
    })),
    ...zones.map((z) => ({
      slot: placementSlot("zone", z.id),
      group: "zones" as const,
      label: t.placementZone(z.zoneName),
    })),
  ];
  return { photos, zones: zones.map((zone) => ({ id: zone.id, name: zone.zoneName })), places, placements };
}

export function action({ request, url }: Route.ActionArgs) {
  return photosAction({ request, url });
}

export default function PhotosPage({ loaderData }: Route.ComponentProps) {
  const { photos, zones, places, placements } = loaderData;
  const actionData = useActionData<typeof action>();
  // A saved upload redirects here (a new location): the form starts empty again (issue 33, item 13).
  const location = useLocation();
  return (
    <div className="grid gap-8">
      <PageHeader title={t.title} description={t.description} />
      {actionData?.error ? <FormErrors id="photos-error" errors={[actionData.error]} /> : null}
      <UploadForm key={location.key} zones={zones} lastResult={actionData?.result} />
      {photos.length === 0 ? (
        <EmptyState>{t.empty}</EmptyState>
      ) : (
        <ol className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={t.listLabel}>
          {photos.map((photo, index) => (
            <li key={photo.id}>
              <PhotoCard photo={photo} index={index} count={photos.length}>
                <PlacementForm
                  key={`${photo.id}-${location.key}`}
                  photo={photo}
                  places={places}
                  placements={placements}
                  lastResult={actionData?.place?.photoId === photo.id ? actionData.place.result : undefined}
                />
              </PhotoCard>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function UploadForm({
  zones,
  lastResult,
}: {
  zones: { id: string; name: string }[];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const uploading = navigation.state !== "idle" && navigation.formData?.get("intent") === "upload";
  const [form, fields] = useForm({
    id: "photo-upload",
    lastResult: navigation.state === "idle" ? lastResult : null,
    constraint: getZodConstraint(PhotoUploadSchema),
    // Errors once the form was sent, then live on each field as it is corrected.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PhotoUploadSchema }),
  });
  const accept = PHOTO_ACCEPT.join(",");
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t.uploadTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        <Form
          method="post"
          encType="multipart/form-data"
          {...getFormProps(form)}
          className="grid gap-4 sm:grid-cols-2"
        >
          <input type="hidden" name="intent" value="upload" />
          <FormErrors id={form.errorId} errors={form.errors} />
          <InputField
            meta={fields.caption}
            label={t.caption}
            description={t.captionHint}
            required
            className="sm:col-span-2"
          />
          <Field
            label={t.after}
            id={fields.after.id}
            error={fields.after.errors}
            description={t.afterHint}
            required
          >
            <Input
              {...getInputProps(fields.after, { type: "file", ariaAttributes: false })}
              accept={accept}
            />
          </Field>
          <Field
            label={t.before}
            id={fields.before.id}
            error={fields.before.errors}
            description={t.beforeHint}
          >
            <Input
              {...getInputProps(fields.before, { type: "file", ariaAttributes: false })}
              accept={accept}
            />
          </Field>
          <Field label={t.zone} id={fields.zoneId.id} error={fields.zoneId.errors}>
            <NativeSelect {...getSelectProps(fields.zoneId, { ariaAttributes: false })}>
              <option value="">{t.zoneNone}</option>
              {zones.map((zone) => (
                <option key={zone.id} value={zone.id}>
                  {zone.name}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium">
            <input
              {...getInputProps(fields.publish, { type: "checkbox", value: "on", ariaAttributes: false })}
              className="size-4 accent-primary"
            />
            {t.publishNow}
          </label>
          <div className="sm:col-span-2">
            <Button type="submit" loading={uploading}>
              <ImagePlus aria-hidden />
              {uploading ? t.uploading : t.upload}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

function PhotoCard({
  photo,
  index,
  count,
  children,
}: {
  photo: AdminPhoto;
  index: number;
  count: number;
  children: ReactNode;
}) {
  const item = photoGalleryItem(photo);
  const published = photo.publishedAt !== null;
  const headingId = `photo-${photo.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="grid h-full gap-3 rounded-lg border bg-card p-3 shadow-sm"
    >
      <div className={item.before ? "grid grid-cols-2 gap-2" : "grid"}>
        {item.before ? <Thumb image={item.before} label={t.beforeLabel} /> : null}
        <Thumb image={item.image} label={item.before ? t.afterLabel : undefined} />
      </div>
      <div className="grid min-w-0 gap-1">
        <h2 id={headingId} className="font-semibold break-words">
          {photo.caption}
        </h2>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <Badge variant={published ? "success" : "secondary"}>
            {published ? t.statusPublished : t.statusDraft}
          </Badge>
          {item.before ? <Badge variant="outline">{t.pair}</Badge> : null}
          <span>{photo.zoneName ?? t.zoneNone}</span>
          <span className="tabular-nums">{t.position(index + 1, count)}</span>
        </p>
      </div>
      <div className="mt-auto flex flex-wrap gap-2">
        <ActionButton
          fields={{ intent: "move", id: photo.id, direction: "up" }}
          variant="ghost"
          size="icon"
          disabled={index === 0}
          aria-label={t.moveUp(photo.caption)}
        >
          <ArrowUp aria-hidden />
        </ActionButton>
        <ActionButton
          fields={{ intent: "move", id: photo.id, direction: "down" }}
          variant="ghost"
          size="icon"
          disabled={index === count - 1}
          aria-label={t.moveDown(photo.caption)}
        >
          <ArrowDown aria-hidden />
        </ActionButton>
        <ActionButton
          fields={{ intent: "publish", id: photo.id, published: published ? "false" : "true" }}
          variant="outline"
          size="sm"
          aria-label={`${published ? t.unpublish : t.publish} : ${photo.caption}`}
        >
          {published ? t.unpublish : t.publish}
        </ActionButton>
        <ActionButton
          fields={{ intent: "delete", id: photo.id }}
          variant="outline"
          size="sm"
          aria-label={`${t.delete} : ${photo.caption}`}
          confirm={{
            title: t.confirmDelete(photo.caption),
            confirmText: t.delete,
            type: "destructive",
          }}
        >
          {t.delete}
        </ActionButton>
      </div>
      {children}
    </article>
  );
}

function Thumb({ image, label }: { image: ReturnType<typeof photoGalleryItem>["image"]; label?: string }) {
  return (
    <figure className="relative">
      <picture>
        {image.avifSrcSet ? (
          <source type="image/avif" srcSet={image.avifSrcSet} sizes="(min-width: 640px) 200px, 45vw" />
        ) : null}
        <source type="image/webp" srcSet={image.webpSrcSet} sizes="(min-width: 640px) 200px, 45vw" />
        <img
          src={image.thumb}
          alt={image.alt}
          width={image.width}
          height={image.height}
          loading="lazy"
          decoding="async"
          className="aspect-[4/3] h-auto w-full rounded-md bg-muted object-cover"
        />
      </picture>
      {label ? (
        <figcaption className="absolute top-1.5 left-1.5 rounded bg-black/65 px-2 py-0.5 text-xs font-medium text-white">
          {label}
        </figcaption>
      ) : null}
    </figure>
  );
}
