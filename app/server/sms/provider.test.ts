import { describe, expect, it } from "vitest";
import { twiml } from "./inbound.server";
import { safeEqual, twilioSignature } from "./provider.server";

describe("Twilio request signature", () => {
  it("matches Twilio's documented example", () => {
    const signature = twilioSignature("12345", "https://mycompany.com/myapp.php?foo=1&bar=2", [
      ["From", "+14158675309"],
      ["CallSid", "CA1234567890ABCDE"],
      ["To", "+18005551212"],
      ["Caller", "+14158675309"],
      ["Digits", "1234"],
    ]);
    expect(signature).toBe("RSOYDt4T1cUTdK1PDd93/VVr8B8=");
    expect(safeEqual(signature, "RSOYDt4T1cUTdK1PDd93/VVr8B8=")).toBe(true);
    expect(safeEqual(signature, "RSOYDt4T1cUTdK1PDd93/VVr8B9=")).toBe(false);
    expect(safeEqual(signature, "short")).toBe(false);
  });
});

describe("TwiML", () => {
  it("answers one escaped message, or none", () => {
    expect(twiml("A & B <c>")).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<Response><Message>A &amp; B &lt;c&gt;</Message></Response>\n',
    );
    expect(twiml(null)).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<Response></Response>\n');
  });
});
