/** React Router's data router (createBrowserRouter) with the app's pages under the base path. */
import { createBrowserRouter } from "react-router";
import { Layout } from "./Layout.tsx";
import { NotFound } from "./NotFound.tsx";
import { PageView } from "./PageView.tsx";
import { BASE_PATH, PAGES } from "./routes.ts";

export const router = createBrowserRouter(
  [
    {
      path: "/",
      element: <Layout />,
      children: [
        ...PAGES.map((page) =>
          page.path === "/" ? { index: true, element: <PageView page={page} /> } : { path: page.path.slice(1), element: <PageView page={page} /> },
        ),
        { path: "*", element: <NotFound /> },
      ],
    },
  ],
  { basename: BASE_PATH },
);
