import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { applicationMessages } from "~/lib/messages/application.fr";
import { APPLICATION_PHOTO_MAX_BYTES, ApplicationPhotoSchema } from "./photo";
import { ApplicationSchema, applicationAnswers, PersonalStepSchema } from "./schemas";

const e = applicationMessages.errors;
const personal = {
  first_name: "Léa",
  last_name: "Tremblay",
  email: "lea@example.com",
  phone_country_code: "1",
  phone: "450 555-0142",
  city: "Granby",
};

const file = (size: number, type: string, name = "moi.jpg") =>
  new File([new Uint8Array(size)], name, { type });

/** The step's fields and a file, as the browser's FormData (the form and the server both parse this). */
function formWith(photo: File | null) {
  const data = new FormData();
  for (const [name, value] of Object.entries(personal)) data.set(name, value);
  if (photo) data.set("photo", photo);
  return data;
}

describe("the candidate's photo (ADR 076)", () => {
  it("is optional: no file, or the empty file of an untouched input, is no photo", () => {
    expect(ApplicationPhotoSchema.safeParse(undefined).success).toBe(true);
    const untouched = parseWithZod(formWith(file(0, "application/octet-stream", "")), {
      schema: PersonalStepSchema,
    });
    expect(untouched.status).toBe("success");
    expect(untouched.status === "success" && untouched.value.photo).toBeUndefined();
    // The whole application's schema gets the raw values (no coercion by Conform): the same.
    const whole = ApplicationSchema.safeParse({
      ...personal,
      service_radius: "less_20km",
      has_drivers_license: "true",
      vehicle_info: "Ford Transit 2021",
      availability_hours: "Fins de semaine",
      background_check_consent: "on",
      photo: file(0, "application/octet-stream", ""),
    });
    expect(whole.success).toBe(true);
    expect(whole.data?.photo).toBeUndefined();
    const withPhoto = ApplicationSchema.safeParse({ ...whole.data, photo: file(10, "image/png") });
    expect(withPhoto.data?.photo?.type).toBe("image/png");
  });

  it("takes a JPEG, PNG or WebP up to 10 MB", () => {
    for (const type of ["image/jpeg", "image/png", "image/webp"]) {
      const parsed = parseWithZod(formWith(file(1024, type)), { schema: PersonalStepSchema });
      expect(parsed.status, type).toBe("success");
      expect(parsed.status === "success" && parsed.value.photo?.type).toBe(type);
    }
    expect(ApplicationPhotoSchema.safeParse(file(APPLICATION_PHOTO_MAX_BYTES, "image/jpeg")).success).toBe(
      true,
    );
  });

  it("refuses a larger file, another type or no file at all, in French, at the photo field", () => {
    const cases: [FormDataEntryValue, string][] = [
      [file(APPLICATION_PHOTO_MAX_BYTES + 1, "image/jpeg"), e.photoTooLarge(10)],
      [file(1024, "image/heic", "IMG_0001.HEIC"), e.photoType],
      [file(1024, "image/svg+xml", "x.svg"), e.photoType],
      [file(1024, "application/pdf", "cv.pdf"), e.photoType],
      [file(1024, "", "sans-type"), e.photoType],
      ["une chaîne", e.photoType],
    ];
    for (const [value, message] of cases) {
      const data = formWith(null);
      data.set("photo", value);
      const parsed = parseWithZod(data, { schema: PersonalStepSchema });
      expect(parsed.status, String(message)).toBe("error");
      expect(parsed.reply().error).toEqual({ photo: [message] });
    }
    expect(e.photoTooLarge(10)).toBe(
      "Cette photo dépasse 10 Mo. Choisissez une image plus légère ou prenez une nouvelle photo.",
    );
  });

  it("stays out of the signed answers: the photo is not part of what the signature covers", () => {
    const parsed = parseWithZod(formWith(file(1024, "image/jpeg")), { schema: PersonalStepSchema });
    expect(parsed.status).toBe("success");
    const answers = applicationAnswers({
      ...(parsed.status === "success" ? parsed.value : ({} as never)),
      service_radius: "less_20km",
      has_drivers_license: true,
      vehicle_info: "Ford Transit 2021",
      availability_hours: "Fins de semaine",
      has_funds: true,
      comfortable_independence: true,
      background_check_consent: true,
    });
    expect(Object.keys(answers)).not.toContain("photo");
  });
});
