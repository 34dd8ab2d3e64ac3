import { createRoot } from "react-dom/client";
import { Panel } from "./Panel.tsx";
import "./panel.css";

const root = document.getElementById("root");
if (!root) throw new Error("Failed to start the control panel: the page has no #root. Rebuild it with 'npm run build'.");
createRoot(root).render(<Panel />);
