export default function About() {
  return (
    <>
      <h1>About</h1>
      <p>A Next.js + Serwist fixture app.</p>
    </>
  );
}
