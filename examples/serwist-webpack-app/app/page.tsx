export default function Home() {
  return (
    <>
      <h1>Tidepools</h1>
      <p>What the low tide leaves behind, kept on your device for the walk down to the rocks.</p>
    </>
  );
}
