/**
 * The warnings of an npm install that a user would have to act on. npm 11 ends an install with an
 * advisory naming the install scripts that package.json's `allowScripts` does not cover; for a
 * package installed from git or a tarball it names the package's `prepare`. The kit's `prepare` is
 * its build from the sources (scripts/buildPackage.mjs): a git install needs it, and the README says
 * so; every other warning, and any other package in that advisory, is one to act on.
 */

/** The advisory's lines: its heading, a package per line, a blank one and how to review them. */
const ADVISORY = /^npm warn install-scripts( |$)/;
const KIT_PREPARE = /^npm warn install-scripts {3}pwa-conformance-kit@[^\s]+ \(prepare: node scripts\/buildPackage\.mjs\)$/;
const PACKAGE_LINE = /^npm warn install-scripts {3}\S/;

/** The `npm warn` lines of `output` other than the advisory about the kit's own prepare, in order. */
export function warningsToActOn(output: string): string[] {
  const warnings = output.split("\n").filter((line) => line.startsWith("npm warn"));
  const listed = warnings.filter((line) => PACKAGE_LINE.test(line));
  const onlyTheKit = listed.length > 0 && listed.every((line) => KIT_PREPARE.test(line));
  return warnings.filter((line) => !(onlyTheKit && ADVISORY.test(line)));
}

/**
 * Package.json's `allowScripts` and the lockfile's packages that have install scripts: the names
 * that have an install script but no entry (npm ci would list them), and the entries that name no
 * such package (an approval left behind).
 */
export function allowScriptsGaps(
  allowScripts: Readonly<Record<string, boolean>>,
  lockPackages: Readonly<Record<string, { readonly hasInstallScript?: boolean }>>,
): { readonly uncovered: string[]; readonly stale: string[] } {
  const withScripts = new Set(
    Object.entries(lockPackages)
      .filter(([, entry]) => entry.hasInstallScript === true)
      .map(([path]) => path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length)),
  );
  const named = new Set(Object.keys(allowScripts).map((key) => key.replace(/(.)@.*$/, "$1")));
  return { uncovered: [...withScripts].filter((name) => !named.has(name)).sort(), stale: [...named].filter((name) => !withScripts.has(name)).sort() };
}
