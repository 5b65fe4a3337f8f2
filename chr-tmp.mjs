import * as chrono from "chrono-node";
for (const iso of ["2026-11-27T03:30:00Z","2026-11-26T15:00:00Z","2026-03-08T04:30:00Z","2026-11-01T05:30:00Z"]) {
const ref = { instant: new Date(iso), timezone: "America/Toronto" };
for (const s of ["demain","aujourd'hui","jeudi","vendredi","dimanche","lundi prochain","le 3 décembre","dans 2 jours", "samedi"]) {
  for (const fd of [true]) {
  const r = chrono.fr.parse(s, ref, { forwardDate: fd });
  console.log(process.env.TZ, iso, JSON.stringify(s), fd, r.map(x => `${x.start.get('year')}-${x.start.get('month')}-${x.start.get('day')} wd=${x.start.get('weekday')} certain day=${x.start.isCertain('day')} wdc=${x.start.isCertain('weekday')}`).join(" | "));
  }
}}
