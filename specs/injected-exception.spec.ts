/**
 * ERR-5's two injected stimuli are ones it can rely on. On the reference app, checked as if its
 * profile named no throw path: a component of the page throws while it renders (a React app's
 * stimulus), and the app's error boundary shows its application-error page inside the frame; and the
 * mock server's throwOnLoad fault (the stimulus on an app React does not render) makes the first
 * script the page asks for throw, which the app's boot guard (renderDocument.tsx) turns into the same
 * page.
 */
import type { Profile } from "../cli/profile/profileSchema.ts";
import { INJECTED_EXCEPTION_MESSAGE } from "../mock-server/faults/throwOnLoad.ts";
import { throwFirstScript, throwWhileLoading, watchExceptions } from "./checks/clientError.ts";
import { RENDER_EXCEPTION_MESSAGE, renderExceptionState } from "./checks/renderException.ts";
import { servedReference } from "./harness/applicability.ts";
import { expect, test } from "./harness/fixtures.ts";

/** The reference profile's application-error page, which it always names (cli/profile/reference.json). */
const errorPageOf = (profile: Profile) => {
  const clientError = profile.fallbacks.clientError;
  if (!clientError) throw new Error("The reference profile names its application-error page (cli/profile/reference.json).");
  return clientError;
};

const withoutThrowPath = (profile: Profile): Profile => {
  const { path: _path, ...rest } = errorPageOf(profile);
  return { ...profile, fallbacks: { ...profile.fallbacks, clientError: rest } };
};

test("a component of the page throws while it renders, and the reference app's error boundary shows its application-error page in its frame", async ({
  page,
  mock,
  app,
  profile,
}) => {
  servedReference(profile, "the injected render exception's proof");
  const exceptions = watchExceptions(page);
  const checked = withoutThrowPath(profile);
  await throwWhileLoading(page, mock, checked);
  expect(await renderExceptionState(page), "the stimulus's state in the page").toMatchObject({ react: true, component: expect.any(String), thrown: true });
  expect(exceptions().filter((message) => message.includes(RENDER_EXCEPTION_MESSAGE)).length, "the render exception, reported").toBeGreaterThan(0);
  expect(
    (await mock.journal()).filter((entry) => entry.fault !== null),
    "requests a fault answered",
  ).toEqual([]);
  const clientError = errorPageOf(checked);
  await expect(app.textHolder(page, clientError)).toContainText(clientError.text, { useInnerText: true });
  await expect(page.getByRole("navigation").first()).toBeVisible();
});

test("the throwOnLoad fault makes the page's first script throw while loading, and the reference app shows its application-error page", async ({
  page,
  mock,
  app,
  profile,
}) => {
  servedReference(profile, "the injected exception's proof");
  const exceptions = watchExceptions(page);
  await throwFirstScript(mock);
  await page.goto(profile.home);
  await expect
    .poll(() => exceptions().filter((message) => message.includes(INJECTED_EXCEPTION_MESSAGE)).length, { message: "the injected exception, reported" })
    .toBeGreaterThan(0);
  const thrown = (await mock.journal()).filter((entry) => entry.fault !== null);
  expect(
    thrown.map((entry) => `${entry.url} ${entry.secFetchDest}`),
    "requests the fault answered",
  ).toEqual([expect.stringMatching(/^\/app\/assets\/main-[\w-]+\.js script$/)]);
  const clientError = errorPageOf(profile);
  await expect(app.textHolder(page, clientError)).toContainText(clientError.text, { useInnerText: true });
  await expect(page.getByRole("navigation").first()).toBeVisible();
});
