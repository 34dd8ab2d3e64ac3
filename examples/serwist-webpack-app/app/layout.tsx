import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";

export const metadata: Metadata = {
  title: "Tidepools",
  description: "A field guide to the rock pools, built with Next.js and @serwist/next's webpack plugin",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <header>
          <nav aria-label="Main">
            <Link href="/">Home</Link> <Link href="/pools/">Pools</Link> <Link href="/creatures/">Creatures</Link> <Link href="/about/">About</Link>
          </nav>
        </header>
        <main>{children}</main>
      </body>
    </html>
  );
}
