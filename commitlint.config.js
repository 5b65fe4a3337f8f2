// Conventional commits (docs/conventions.md, 'Habits'; ADR 055): `type(scope): subject`, lower-case
// type, a scope.
// This project's subjects say what changed and why, so they run long: the header may be long,
// the body's lines too; everything else is @commitlint/config-conventional.
export default {
  extends: ["@commitlint/config-conventional"],
  // The lead's merge commits of the helpers' branches ("merge: <branch> (...)"), like git's own
  // "Merge branch ..." that commitlint skips by default: the merged commits are checked one by one.
  ignores: [(message) => /^merge: /.test(message)],
  rules: {
    "scope-empty": [2, "never"],
    "header-max-length": [2, "always", 300],
    "body-max-line-length": [0],
    "footer-max-line-length": [0],
    "subject-case": [0],
  },
};
