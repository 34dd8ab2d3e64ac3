/** The panel's control-API client: same origin as the page the mock server serves it on. */
import { createControlClient } from "../control/controlClient.ts";

export { messageOf } from "../control/controlClient.ts";
export const control = createControlClient();
