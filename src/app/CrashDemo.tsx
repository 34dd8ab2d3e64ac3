import { useEffect, useState } from "react";

function Exploding({ when }: { when: string }): never {
  throw new Error(`Deliberate client-side exception (${when}) from the error demo page.`);
}

/**
 * ERR-5's demo page: throws while loading (`?when=load`, from an effect after hydration, as a broken
 * browser-only dependency would) or when its button is pressed (an event path into a render).
 */
export function CrashDemo({ paragraphs }: { paragraphs: readonly string[] }) {
  const [explode, setExplode] = useState<string | null>(null);
  useEffect(() => {
    if (new URLSearchParams(window.location.search).get("when") === "load") setExplode("load");
  }, []);
  return (
    <>
      {paragraphs.map((text) => (
        <p key={text}>{text}</p>
      ))}
      <button type="button" onClick={() => setExplode("click")}>
        Throw an error
      </button>
      {explode !== null && <Exploding when={explode} />}
    </>
  );
}
