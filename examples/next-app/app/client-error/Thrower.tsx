"use client";
import { useEffect, useState } from "react";

/** Throws in render after a click, or (onLoad) on the first render after hydration. */
export function Thrower({ onLoad }: { onLoad: boolean }) {
  const [broken, setBroken] = useState(false);
  useEffect(() => {
    if (onLoad) setBroken(true);
  }, [onLoad]);
  if (broken) throw new Error("Fieldnotes: the client component failed on purpose");
  return (
    <button type="button" onClick={() => setBroken(true)}>
      Throw
    </button>
  );
}
