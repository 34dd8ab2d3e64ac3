import type { Routes } from "@angular/router";
import { PAGES } from "./pages";
import { NotFound } from "./pages/not-found";
import { PageView } from "./pages/page-view";

export const routes: Routes = [
  ...PAGES.map((page) => ({
    path: page.path,
    pathMatch: "full" as const,
    title: page.title,
    component: PageView,
    data: { title: page.title, body: page.body },
  })),
  { path: "**", title: "Page not found", component: NotFound },
];
