/** Why `init` stopped without writing anything, with the wording in one table: "Failed to X: why. Do Y." */

const MESSAGES = {
  notAnswering: (url: string, why: string) => `Failed to reach ${url}: ${why}. Start the app, or check --target, and run init again.`,
  noChromium: () =>
    "Failed to start Chromium: none found. Set PCK_CHROMIUM to a Chromium binary, run 'npx playwright install chromium', or install the OS package (apt-get install chromium).",
  launch: (why: string) => `Failed to start Chromium: ${why}. Set PCK_CHROMIUM to a working Chromium binary.`,
  load: (url: string, why: string) => `Failed to load ${url} in Chromium: ${why}. Check that --target is a page of the app.`,
  noWorker: (url: string, ms: number) =>
    `Failed to find a service worker: none became active for ${url} within ${ms} ms. Point --target at a page of the app that registers its worker (its home page, e.g. http://127.0.0.1:3000/app/).`,
  outOfScope: (url: string, scope: string) =>
    `Failed to find the app's home: ${url} lies outside its worker's scope ${scope}. Point --target at a page inside the scope, e.g. ${scope}.`,
  exists: (file: string) => `Failed to write ${file}: it exists. Pass --force to overwrite it, or --out another file.`,
  outIsDirectory: (file: string) => `Failed to write ${file}: it is a directory. Name a file with --out, e.g. --out ${file}/pwa-conformance.profile.json.`,
  noFolder: (file: string, folder: string) => `Failed to write ${file}: there is no folder ${folder}. Create the folder, or --out a file in an existing one.`,
  write: (file: string, why: string) => `Failed to write ${file}: ${why}. Name a file you may write with --out.`,
  upgradeRead: (file: string, why: string) => `Failed to upgrade ${file}: ${why}. Pass the profile's file with --upgrade.`,
  upgradeLink: (file: string) =>
    `Failed to upgrade ${file}: it is a symbolic link, and the kit never writes through one. Pass the file it points to with --upgrade.`,
  upgradeRefused: (why: string) => `${why}\nNothing was written.`,
  upgradeWrite: (file: string, why: string) =>
    `Failed to upgrade ${file}: ${why}; the file is as it was. Make its folder writable and run init --upgrade again.`,
} as const;

export type InitErrorCode = keyof typeof MESSAGES;

export class InitError extends Error {
  readonly code: InitErrorCode;

  constructor(code: InitErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

export function initError<C extends InitErrorCode>(code: C, ...details: Parameters<(typeof MESSAGES)[C]>): InitError {
  const message = (MESSAGES[code] as (...args: Parameters<(typeof MESSAGES)[C]>) => string)(...details);
  return new InitError(code, message);
}
