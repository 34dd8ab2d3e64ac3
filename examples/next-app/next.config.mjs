// @ts-check
/** @type {import("next").NextConfig} */
const nextConfig = {
  // This app has its own lockfile inside the repository's: without this Next takes the repository
  // root for the workspace root and warns.
  outputFileTracingRoot: import.meta.dirname,
  basePath: "/app",
  trailingSlash: true,
  reactStrictMode: true,
  experimental: {
    // forbidden() and unauthorized() from next/navigation (ERR-2, ERR-3).
    authInterrupts: true,
  },
};

export default nextConfig;
