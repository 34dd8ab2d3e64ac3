import { Component } from "@angular/core";
import { RouterLink } from "@angular/router";

/** The wildcard route's view: any path the router does not know. */
@Component({
  selector: "app-not-found",
  imports: [RouterLink],
  template: `
    <h1>Page not found</h1>
    <p>There is no page at this address. <a routerLink="/">Back to the logbook</a></p>
  `,
})
export class NotFound {}
