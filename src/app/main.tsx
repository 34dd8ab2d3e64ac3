import { hydrateRoot } from "react-dom/client";
import { BOOT_DATA_ID, type BootData } from "../core/page.ts";
import { startShell } from "../shell/startShell.ts";
import { App } from "./App.tsx";
import { createStatusStore } from "./statusStore.ts";
import "./app.css";

// Which build runs in this page, for a test to read after a deploy (and to make the two builds' hashes differ).
document.documentElement.dataset.build = __PCK_BUILD__;

const bootElement = document.getElementById(BOOT_DATA_ID);
const root = document.getElementById("root");
if (!bootElement?.textContent || !root) throw new Error(`Failed to start the shell: the document has no #${BOOT_DATA_ID} or #root.`);
const boot = JSON.parse(bootElement.textContent) as BootData;

const status = createStatusStore("waiting");
hydrateRoot(root, <App boot={boot} status={status} />);
startShell(window, boot.config, status.set);
