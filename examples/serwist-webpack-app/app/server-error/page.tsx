// Rendered per request, so the exception happens when the page is asked for, not at build time.
export const dynamic = "force-dynamic";

export default function ServerError() {
  throw new Error("Tidepools: the tide table could not be read");
}
