import { describe, expect, it } from "vitest";
import { ChecklistStepFormSchema, isReportReady, JobPhotoFieldsSchema, reportReadiness } from "./job-report";

const steps = [
  { id: "a", label: "Lavage", required: true },
  { id: "b", label: "Parfum", required: false },
];

describe("reportReadiness", () => {
  it("needs every required step and a before and an after photo per car", () => {
    const r = reportReadiness({
      cars: 2,
      steps,
      ticked: new Set(["b"]),
      photos: [{ kind: "before", car: 1 }],
    });
    expect(r).toEqual({ missingSteps: ["Lavage"], missingBefore: [2], missingAfter: [1, 2] });
    expect(isReportReady(r)).toBe(false);
  });

  it("is ready with the required steps ticked and both photos of each car", () => {
    const r = reportReadiness({
      cars: 1,
      steps,
      ticked: new Set(["a"]),
      photos: [
        { kind: "before", car: 1 },
        { kind: "after", car: 1 },
      ],
    });
    expect(isReportReady(r)).toBe(true);
  });
});

describe("schemas", () => {
  it("reads a photo's fields and a step's form", () => {
    const id = "3f0c8d2e-8a4b-4c1d-9e2f-1a2b3c4d5e6f";
    expect(JobPhotoFieldsSchema.parse({ id, appointmentId: id, kind: "after", car: "2" }).car).toBe(2);
    expect(JobPhotoFieldsSchema.safeParse({ id, appointmentId: id, kind: "after", car: "4" }).success).toBe(
      false,
    );
    expect(ChecklistStepFormSchema.parse({ label: " Vitres " })).toEqual({
      label: "Vitres",
      required: false,
    });
    expect(ChecklistStepFormSchema.parse({ label: "Vitres", required: "on" }).required).toBe(true);
  });
});
