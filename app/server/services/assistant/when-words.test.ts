import { describe, expect, it } from "vitest";
import { asksForMore, describeWish, narrowStarts, parseWhen, startMatches } from "./when-words";

/** Thursday 26 November 2026, 10:00 in Quebec (EST, UTC-5). */
const THURSDAY_10 = new Date("2026-11-26T15:00:00Z");
/** Thursday 26 November 2026, 23:30 in Quebec: already Friday in UTC. */
const THURSDAY_23_30 = new Date("2026-11-27T04:30:00Z");
/** Saturday 28 November 2026, 22:00 in Quebec: already Sunday in UTC. */
const SATURDAY_22 = new Date("2026-11-29T03:00:00Z");
/** Sunday 29 November 2026, 12:00 in Quebec. */
const SUNDAY_NOON = new Date("2026-11-29T17:00:00Z");
/** Sunday 8 March 2026, 1:30 EST: clocks go to 3:00 EDT in half an hour. */
const DST_NIGHT = new Date("2026-03-08T06:30:00Z");
/** Saturday 31 October 2026, 23:30 EDT: the night clocks go back to EST. */
const FALL_BACK_EVE = new Date("2026-11-01T03:30:00Z");

describe("parseWhen", () => {
  it("reads a weekday and a part of the day (today counts for a weekday said that morning)", () => {
    expect(parseWhen("jeudi après-midi", THURSDAY_10)).toEqual({
      from: "2026-11-26",
      to: "2026-11-26",
      part: "apres-midi",
      around: null,
    });
    expect(parseWhen("jeudi prochain", THURSDAY_10)).toMatchObject({ from: "2026-12-03", to: "2026-12-03" });
    expect(parseWhen("Je voudrais vendredi en matinée, SVP", THURSDAY_10)).toMatchObject({
      from: "2026-11-27",
      part: "matin",
    });
    expect(parseWhen("mardi avant-midi", THURSDAY_10)).toMatchObject({ from: "2026-12-01", part: "matin" });
  });

  it("reads demain, après-demain and ce soir from the day in Quebec, not in UTC (midnight edge)", () => {
    expect(parseWhen("demain matin", THURSDAY_10)).toMatchObject({ from: "2026-11-27", part: "matin" });
    // 23:30 on Thursday in Quebec is Friday in UTC: tomorrow is still Friday.
    expect(parseWhen("demain matin", THURSDAY_23_30)).toMatchObject({ from: "2026-11-27", to: "2026-11-27" });
    expect(parseWhen("après-demain", THURSDAY_23_30)).toMatchObject({ from: "2026-11-28" });
    expect(parseWhen("aujourd'hui", THURSDAY_23_30)).toMatchObject({ from: "2026-11-26" });
    expect(parseWhen("ce soir", THURSDAY_10)).toMatchObject({ from: "2026-11-26", part: "soir" });
    expect(parseWhen("vendredi", THURSDAY_23_30)).toMatchObject({ from: "2026-11-27" });
  });

  it("reads the weeks and the weekend across a weekend", () => {
    expect(parseWhen("la semaine prochaine", THURSDAY_10)).toMatchObject({
      from: "2026-11-30",
      to: "2026-12-06",
      part: null,
    });
    // Saturday night (Sunday in UTC): next week is still the one starting Monday the 30th.
    expect(parseWhen("la semaine prochaine", SATURDAY_22)).toMatchObject({
      from: "2026-11-30",
      to: "2026-12-06",
    });
    expect(parseWhen("la semaine prochaine", SUNDAY_NOON)).toMatchObject({ from: "2026-11-30" });
    expect(parseWhen("mardi la semaine prochaine", THURSDAY_10)).toMatchObject({
      from: "2026-12-01",
      to: "2026-12-01",
    });
    expect(parseWhen("cette semaine", THURSDAY_10)).toMatchObject({ from: "2026-11-26", to: "2026-11-29" });
    expect(parseWhen("en fin de semaine", THURSDAY_10)).toMatchObject({
      from: "2026-11-28",
      to: "2026-11-29",
    });
    expect(parseWhen("en fin de semaine", SATURDAY_22)).toMatchObject({
      from: "2026-11-28",
      to: "2026-11-29",
    });
    expect(parseWhen("en fin de semaine", SUNDAY_NOON)).toMatchObject({
      from: "2026-11-29",
      to: "2026-11-29",
    });
    expect(parseWhen("lundi", SATURDAY_22)).toMatchObject({ from: "2026-11-30" });
  });

  it("reads a time: 'samedi vers 10 h', '9 h 30', '14:15'", () => {
    expect(parseWhen("samedi vers 10 h", THURSDAY_10)).toEqual({
      from: "2026-11-28",
      to: "2026-11-28",
      part: null,
      around: 600,
    });
    expect(parseWhen("samedi 9 h 30", THURSDAY_10)).toMatchObject({ around: 570 });
    expect(parseWhen("vers 14:15", THURSDAY_10)).toMatchObject({ from: null, around: 855 });
    expect(parseWhen("le 3 décembre à 10h", THURSDAY_10)).toMatchObject({ from: "2026-12-03", around: 600 });
  });

  it("reads days across the DST changes (spring and fall)", () => {
    expect(parseWhen("aujourd'hui", DST_NIGHT)).toMatchObject({ from: "2026-03-08" });
    expect(parseWhen("demain matin", DST_NIGHT)).toMatchObject({ from: "2026-03-09", part: "matin" });
    expect(parseWhen("dimanche", FALL_BACK_EVE)).toMatchObject({ from: "2026-11-01" });
    expect(parseWhen("demain", FALL_BACK_EVE)).toMatchObject({ from: "2026-11-01" });
  });

  it("answers null to words that name no moment", () => {
    expect(parseWhen("bonjour", THURSDAY_10)).toBeNull();
    expect(parseWhen("2 véhicules", THURSDAY_10)).toBeNull();
    expect(parseWhen("J2G 2T5", THURSDAY_10)).toBeNull();
    expect(parseWhen("", THURSDAY_10)).toBeNull();
  });
});

describe("narrowing the offered starts", () => {
  const starts = [
    "2026-11-26T09:00:00-05:00",
    "2026-11-26T13:00:00-05:00",
    "2026-11-26T17:30:00-05:00",
    "2026-11-28T09:00:00-05:00",
    "2026-11-28T10:30:00-05:00",
    "2026-11-28T12:00:00-05:00",
  ];

  it("keeps the part of the day asked for, in Quebec's time", () => {
    expect(narrowStarts(starts, parseWhen("jeudi après-midi", THURSDAY_10)!)).toEqual([
      "2026-11-26T13:00:00-05:00",
    ]);
    expect(narrowStarts(starts, parseWhen("ce soir", THURSDAY_10)!)).toEqual(["2026-11-26T17:30:00-05:00"]);
  });

  it("keeps the starts near a time, the closest first", () => {
    expect(narrowStarts(starts, parseWhen("samedi vers 10 h", THURSDAY_10)!)).toEqual([
      "2026-11-28T10:30:00-05:00",
      "2026-11-28T09:00:00-05:00",
    ]);
  });

  it("reads a start in EDT the morning after the spring change", () => {
    const wish = parseWhen("demain matin", DST_NIGHT)!;
    // 8:00 EDT is 12:00 UTC; 7:30 EDT is before the morning.
    expect(startMatches("2026-03-09T12:00:00Z", wish)).toBe(true);
    expect(startMatches("2026-03-09T11:30:00Z", wish)).toBe(false);
  });
});

it("says the wish back in French", () => {
  expect(describeWish(parseWhen("jeudi après-midi", THURSDAY_10)!)).toBe(
    "le jeudi 26 novembre, l'après-midi (de 12 h à 17 h)",
  );
  expect(describeWish(parseWhen("samedi vers 10 h 30", THURSDAY_10)!)).toBe(
    "le samedi 28 novembre, vers 10 h 30",
  );
  expect(describeWish(parseWhen("la semaine prochaine", THURSDAY_10)!)).toBe(
    "du lundi 30 novembre au dimanche 6 décembre",
  );
});

it("hears a request for more hours", () => {
  expect(asksForMore("autres heures")).toBe(true);
  expect(asksForMore("D'autres heures ?")).toBe(true);
  expect(asksForMore("jeudi")).toBe(false);
});
