import Link from "next/link";

export default function NotFound() {
  return (
    <>
      <h1>Washed away</h1>
      <p>No page lives at this address.</p>
      <Link href="/">Back to the tide table</Link>
    </>
  );
}
