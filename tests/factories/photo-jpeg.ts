import sharp from "sharp";

/** Where the fixture says it was taken (Granby): the server must not keep it. */
export const FIXTURE_GPS = { latitude: [45, 24, 0], longitude: [72, 44, 0] } as const;

/**
 * A camera-like JPEG `width` x `height` with EXIF: make, model and a GPS position (sharp's
 * withExif; IFD3 is the GPS directory), painted with two colour blocks so that resizing matters.
 */
export async function photoJpegWithGps({
  width = 1200,
  height = 900,
  colour = { r: 30, g: 90, b: 160 },
}: { width?: number; height?: number; colour?: { r: number; g: number; b: number } } = {}): Promise<Buffer> {
  const band = await sharp({
    create: { width, height: Math.round(height / 3), channels: 3, background: { r: 240, g: 240, b: 240 } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([{ input: band, top: 0, left: 0 }])
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: "Lavage", Model: "Téléphone de test" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: FIXTURE_GPS.latitude.map((n) => `${n}/1`).join(" "),
        GPSLongitudeRef: "W",
        GPSLongitude: FIXTURE_GPS.longitude.map((n) => `${n}/1`).join(" "),
      },
    })
    .toBuffer();
}
