import { unauthorized } from "next/navigation";

// Decided per request, as a real page decides from the session. Prerendered, this page would be in
// Serwist's precache (configurator mode precaches every prerendered route) with status 401, and the
// worker's install would fail: see docs/next-app.md, "Traps".
export const dynamic = "force-dynamic";

export default function Unauthorized() {
  unauthorized();
}
