import type { APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { expect } from "./fixtures";

/** A phone-like JPEG of one colour, `width` px wide (4:3): each colour is a different file. */
export function carPhoto(colour: { r: number; g: number; b: number }, width = 1200): Promise<Buffer> {
  return sharp({ create: { width, height: Math.round((width * 3) / 4), channels: 3, background: colour } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/**
 * Makes a crew member's stop ready for « Terminé » through its HTTP actions (ADR 088): every step
 * of the checklist ticked, a before and an after photo sent as the phone's queue sends them.
 */
export async function readyStopThroughApi(
  request: APIRequestContext,
  baseURL: string,
  appointmentId: string,
): Promise<void> {
  const page = await request.get(`/crew/stops/${appointmentId}`);
  expect(page.ok()).toBe(true);
  const stepIds = [...(await page.text()).matchAll(/name="stepId" value="([0-9a-f-]{36})"/g)].map(
    (m) => m[1]!,
  );
  for (const stepId of stepIds) {
    const ticked = await request.post(`/crew/stops/${appointmentId}`, {
      form: { intent: "tick", stepId, checked: "true" },
      headers: { origin: baseURL },
    });
    expect(ticked.ok(), await ticked.text()).toBe(true);
  }
  for (const [kind, colour] of [
    ["before", { r: 120, g: 80, b: 40 }],
    ["after", { r: 40, g: 120, b: 200 }],
  ] as const) {
    const sent = await request.post("/crew/photos", {
      multipart: {
        id: crypto.randomUUID(),
        appointmentId,
        kind,
        car: "1",
        file: { name: `${kind}.jpg`, mimeType: "image/jpeg", buffer: await carPhoto(colour) },
      },
      headers: { origin: baseURL, "x-photo-queue": "1" },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
  }
}
