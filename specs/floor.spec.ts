import { expect, test } from "./harness/fixtures.ts";

// The unit of `npm run bench:suite`: the cheapest browser test this suite can have, on the same
// server and fixtures as every other test. It carries no clause id on purpose.
test("floor: opens a page and checks its title", async ({ page, profile }) => {
  await page.goto(profile.home);
  await expect(page).toHaveTitle(/\S/);
});
