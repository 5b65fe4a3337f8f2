// Checks the messages of the commits being submitted with commitlint (ADR 055).
//
// The range, first that applies:
// 1. COMMITLINT_FROM=<rev>: the commits after <rev> (e.g. the base of a merge request).
// 2. A branch not merged in origin/main: the commits since their merge base.
// 3. Otherwise (a clean clone of main, where every commit is already on main): the last
//    COMMITLINT_LAST commits (20 by default), so a new commit on main is still checked while
//    old history is not re-judged.
import { execFileSync, spawnSync } from "node:child_process";

const git = (...args) => execFileSync("git", args, { encoding: "utf8" }).trim();
const succeeds = (...args) => spawnSync("git", args, { stdio: "ignore" }).status === 0;

function rangeStart() {
  if (process.env.COMMITLINT_FROM) return { from: process.env.COMMITLINT_FROM, why: "COMMITLINT_FROM" };
  if (
    succeeds("rev-parse", "-q", "--verify", "origin/main") &&
    !succeeds("merge-base", "--is-ancestor", "HEAD", "origin/main")
  ) {
    return { from: git("merge-base", "origin/main", "HEAD"), why: "depuis origin/main" };
  }
  const last = Number(process.env.COMMITLINT_LAST ?? "20");
  const count = Number(git("rev-list", "--count", "HEAD"));
  // The root commit has no parent: with a short history, everything but it.
  return {
    from: `HEAD~${Math.max(0, Math.min(last, count - 1))}`,
    why: `les ${Math.min(last, count - 1)} derniers`,
  };
}

const { from, why } = rangeStart();
console.log(`commitlint : ${from}..HEAD (${why})`);
const result = spawnSync("npx", ["--no-install", "commitlint", "--from", from, "--to", "HEAD"], {
  stdio: "inherit",
});
process.exit(result.status ?? 1);
