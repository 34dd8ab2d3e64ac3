export default function Creatures() {
  return (
    <>
      <h1>Creatures</h1>
      <ul>
        <li>Beadlet anemone</li>
        <li>Shore crab</li>
        <li>Common limpet</li>
      </ul>
    </>
  );
}
