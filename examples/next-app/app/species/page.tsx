export default function Species() {
  return (
    <>
      <h1>Species</h1>
      <p>The species we look out for.</p>
    </>
  );
}
