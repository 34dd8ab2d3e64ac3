export default function Home() {
  return (
    <>
      <h1>Fieldnotes</h1>
      <p>Notes from the field, offline too.</p>
    </>
  );
}
