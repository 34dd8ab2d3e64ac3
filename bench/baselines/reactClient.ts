/** The app-bundle baseline: React and ReactDOM's client alone, hydrating one element. */
import { createElement } from "react";
import { hydrateRoot } from "react-dom/client";

const root = document.getElementById("root");
if (root) hydrateRoot(root, createElement("main"));
