/** Where in dist/ `npm run build` writes the reference shell's second build (vite.config.ts), which a deploy switches to. */
export const NEXT_BUILD_FOLDER = "next-build";
