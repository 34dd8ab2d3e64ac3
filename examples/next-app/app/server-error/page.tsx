// Rendered per request, so the exception happens at request time, not at build time.
export const dynamic = "force-dynamic";

export default function ServerError() {
  throw new Error("Fieldnotes: the server component failed on purpose");
}
