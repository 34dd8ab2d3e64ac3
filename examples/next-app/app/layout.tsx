import { SerwistProvider } from "@serwist/next/react";
import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";

export const metadata: Metadata = {
  title: "Fieldnotes",
  description: "Next.js + Serwist fixture app",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <SerwistProvider swUrl="/app/sw.js" options={{ scope: "/app/" }} cacheOnNavigation reloadOnOnline>
          <header>
            <nav aria-label="Main">
              <Link href="/">Home</Link> <Link href="/sightings/">Sightings</Link> <Link href="/species/">Species</Link> <Link href="/about/">About</Link>
            </nav>
          </header>
          <main>{children}</main>
        </SerwistProvider>
      </body>
    </html>
  );
}
