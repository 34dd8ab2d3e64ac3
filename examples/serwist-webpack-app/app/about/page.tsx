export default function About() {
  return (
    <>
      <h1>About</h1>
      <p>Pages you have opened stay readable without a signal.</p>
    </>
  );
}
