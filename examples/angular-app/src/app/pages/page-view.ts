import { Component, input } from "@angular/core";

/** One page of the logbook; the router passes its title and body from the route's data. */
@Component({
  selector: "app-page-view",
  template: `
    <h1>{{ title() }}</h1>
    <p>{{ body() }}</p>
  `,
})
export class PageView {
  readonly title = input.required<string>();
  readonly body = input.required<string>();
}
