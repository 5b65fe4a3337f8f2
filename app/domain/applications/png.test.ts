import { describe, expect, it } from "vitest";
import { signaturePng } from "../../../tests/factories/signature-png";
import { checkSignaturePng, inspectPng, SIGNATURE_MAX_BYTES } from "./png";

describe("inspectPng", () => {
  it("reads the size of a well-formed PNG", () => {
    expect(inspectPng(signaturePng())).toEqual({
      ok: true,
      width: 600,
      height: 200,
      colorType: 6,
      bitDepth: 8,
    });
  });

  it("refuses other formats, whatever their name or declared type", () => {
    expect(inspectPng(Buffer.from("GIF89a........"))).toEqual({ ok: false, problem: "NOT_PNG" });
    expect(inspectPng(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toMatchObject({ ok: false });
    expect(inspectPng(new Uint8Array())).toEqual({ ok: false, problem: "NOT_PNG" });
  });

  it("refuses a cut file and a damaged chunk", () => {
    const png = signaturePng();
    expect(inspectPng(png.subarray(0, png.length - 20))).toMatchObject({ ok: false, problem: "TRUNCATED" });
    const damaged = Buffer.from(png);
    damaged[40] = damaged[40]! ^ 0xff;
    expect(inspectPng(damaged)).toMatchObject({ ok: false, problem: "BAD_CRC" });
  });

  it("refuses bytes after the end chunk", () => {
    const png = Buffer.concat([signaturePng(), Buffer.from("<?php echo 1; ?>")]);
    expect(inspectPng(png)).toMatchObject({ ok: false });
  });
});

describe("checkSignaturePng", () => {
  it("accepts the pad's 600x200 image", () => {
    expect(checkSignaturePng(signaturePng())).toBeNull();
  });

  it("refuses another size, an empty file and a file over 200 KB", () => {
    expect(checkSignaturePng(signaturePng({ width: 601 }))).toBe("WRONG_SIZE");
    expect(checkSignaturePng(new Uint8Array())).toBe("EMPTY");
    expect(checkSignaturePng(new Uint8Array(SIGNATURE_MAX_BYTES + 1))).toBe("TOO_LARGE");
    expect(signaturePng({ noise: true }).length).toBeGreaterThan(SIGNATURE_MAX_BYTES);
    expect(checkSignaturePng(signaturePng({ noise: true }))).toBe("TOO_LARGE");
  });
});
