"use client";
import { useEffect, useState } from "react";

/** A component that fails in render: after its button is pressed, or (atOnce) right after hydration. */
export function Capsize({ atOnce }: { atOnce: boolean }) {
  const [capsized, setCapsized] = useState(false);
  useEffect(() => setCapsized(atOnce), [atOnce]);
  if (capsized) throw new Error("Tidepools: the client component capsized on purpose");
  return (
    <button type="button" onClick={() => setCapsized(true)}>
      Capsize
    </button>
  );
}
