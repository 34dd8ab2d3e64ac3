import Link from "next/link";

// Precached at install (next.config.mjs) and served by the worker for documents it cannot fetch or
// find in a cache (app/sw.ts, fallbacks).
export default function Offline() {
  return (
    <>
      <h1>No signal</h1>
      <p>You are offline, and this page was not saved on this device.</p>
      <Link href="/">Back to the tide table</Link>
    </>
  );
}
