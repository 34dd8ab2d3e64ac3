import { Component } from "@angular/core";
import { RouterLink, RouterOutlet } from "@angular/router";
import { PAGES } from "./pages";

@Component({
  selector: "app-root",
  imports: [RouterLink, RouterOutlet],
  template: `
    <nav>
      @for (page of pages; track page.path) {
        <a [routerLink]="'/' + page.path">{{ page.title }}</a>
      }
    </nav>
    <main><router-outlet /></main>
  `,
})
export class App {
  protected readonly pages = PAGES;
}
