/**
 * The mock server's own: the throwOnLoad fault is a stimulus ERR-5 can rely on. On the reference app,
 * checked as if its profile named no throw path, the first script the page asks for throws, the
 * browser reports the injected exception, and the app (which handles it: renderDocument.tsx's boot
 * guard) shows its application-error page.
 */
import type { Profile } from "../cli/profile/profileSchema.ts";
import { throwWhileLoading } from "./checks/clientError.ts";
import { servedReference } from "./harness/applicability.ts";
import { expect, test } from "./harness/fixtures.ts";

const withoutThrowPath = (profile: Profile): Profile => {
  const clientError = profile.fallbacks.clientError;
  if (!clientError) throw new Error("The reference profile names its application-error page (cli/profile/reference.json).");
  const { path: _path, ...rest } = clientError;
  return { ...profile, fallbacks: { ...profile.fallbacks, clientError: rest } };
};

test("the throwOnLoad fault makes the page's first script throw while loading, and the reference app shows its application-error page", async ({
  page,
  mock,
  app,
  profile,
}) => {
  servedReference(profile, "the injected exception's proof");
  const checked = withoutThrowPath(profile);
  await throwWhileLoading(page, mock, checked);
  const thrown = (await mock.journal()).filter((entry) => entry.fault !== null);
  expect(
    thrown.map((entry) => `${entry.url} ${entry.secFetchDest}`),
    "requests the fault answered",
  ).toEqual([expect.stringMatching(/^\/app\/assets\/main-[\w-]+\.js script$/)]);
  const clientError = checked.fallbacks.clientError;
  await expect(app.textHolder(page, clientError ?? { text: "" })).toContainText(clientError?.text ?? "", { useInnerText: true });
  await expect(page.getByRole("navigation").first()).toBeVisible();
});
