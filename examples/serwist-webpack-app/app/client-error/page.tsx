import { Capsize } from "./Capsize";

// Reading the query makes the page dynamic (Cache-Control: no-store), as a page that reads a session is.
export default async function ClientError({ searchParams }: { searchParams: Promise<{ when?: string }> }) {
  const { when } = await searchParams;
  return (
    <>
      <h1>Client error</h1>
      <Capsize atOnce={when === "load"} />
    </>
  );
}
