export default function Sightings() {
  return (
    <>
      <h1>Sightings</h1>
      <p>Birds seen this season.</p>
    </>
  );
}
