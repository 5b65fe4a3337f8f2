// `npm test`: every test, in order of speed. Unit, database (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), build, HTTP (the production server), then the browser tests in
// Debian's Chromium. Without Chromium the browser tests are skipped with a clear notice, unless
// REQUIRE_BROWSER_TESTS=1 (CI), where a missing browser fails the run.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { clockEnv } from "./test-clocks.mjs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const requireBrowser = process.env.REQUIRE_BROWSER_TESTS === "1";

// TEST_CLOCK (an ISO instant or a name of scripts/test-clocks.mjs): the unit, database and HTTP
// suites run under that wall clock (ADR 070). The browser tests keep the real one: Chromium's own
// clock is not shifted, and the pages would disagree with their server.
const clocked = process.env.TEST_CLOCK ? clockEnv(process.env.TEST_CLOCK) : process.env;
if (process.env.TEST_CLOCK) {
  console.log(
    `ℹ Horloge des tests : ${clocked.TEST_CLOCK} (fuseau de la machine : ${process.env.TZ ?? "système"}).`,
  );
}

function run(title, command, args, onFailure = () => {}, env = clocked) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    onFailure();
    console.error(`✖ ${title} a échoué (${seconds} s)`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title} (${seconds} s)`);
}

/**
 * After a failed browser run: what each failing test's page showed when it failed (Playwright's
 * error-context.md, an accessibility snapshot), since a CI log is often all there is to read.
 */
function printPageSnapshots() {
  const results = "test-results";
  if (!fs.existsSync(results)) return;
  for (const entry of fs.readdirSync(results, { withFileTypes: true })) {
    const file = path.join(results, entry.name, "error-context.md");
    if (!entry.isDirectory() || !fs.existsSync(file)) continue;
    const whole = fs.readFileSync(file, "utf8");
    const text = whole.slice(Math.max(0, whole.indexOf("```yaml")));
    console.error(`\n── ${entry.name} : la page au moment de l'échec ──`);
    console.error(text.length > 8000 ? `${text.slice(0, 8000)}\n[…]` : text);
  }
}

if (!process.env.TEST_DATABASE_URL) {
  console.log(
    "ℹ TEST_DATABASE_URL n'est pas défini : les tests d'intégration tournent sur PGlite seulement.",
  );
}

run("Tests unitaires", "npx", ["vitest", "run", "--project", "unit"]);
run("Tests de base de données", "npx", ["vitest", "run", "--project", "db"]);
run("Build de production", "npx", ["react-router", "build"]);
run("Tests HTTP (serveur de production)", "npx", ["vitest", "run", "--project", "http"]);

if (fs.existsSync(chromium)) {
  const realClock = { ...process.env };
  delete realClock.TEST_CLOCK;
  run("Tests de bout en bout (Chromium)", "npx", ["playwright", "test"], printPageSnapshots, realClock);
} else {
  const notice =
    `Tests navigateur NON exécutés : Chromium est introuvable à ${chromium}. ` +
    "Installez-le avec « apt-get install -y chromium » (ou indiquez CHROMIUM_PATH). La CI les exécute toujours.";
  if (requireBrowser) {
    console.error(`✖ ${notice}`);
    process.exit(1);
  }
  console.warn(`\n⚠ ${notice}`);
}
console.log("\n✔ Tous les tests exécutés ont réussi.");
