import { Thrower } from "./Thrower";

export default async function ClientError({ searchParams }: { searchParams: Promise<{ when?: string }> }) {
  const { when } = await searchParams;
  return (
    <>
      <h1>Client error</h1>
      <Thrower onLoad={when === "load"} />
    </>
  );
}
