export default function Pools() {
  return (
    <>
      <h1>Pools</h1>
      <ul>
        <li>North ledge: shallow, warm by noon.</li>
        <li>Kelp gully: deep, reached only at spring tides.</li>
      </ul>
    </>
  );
}
