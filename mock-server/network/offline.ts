/**
 * The network switch (`PUT /__mock/network`): while offline, every request outside `/__mock/` is
 * refused at the socket, so a request that slips past the browser's offline emulation (Chromium sent
 * a navigation preload to the server with its context offline) meets a dead network there too,
 * instead of a live answer that would make an offline test pass or fail for the wrong reason.
 */
import type { RequestHandler } from "express";
import { z } from "zod";

export const NetworkState = z.strictObject({ offline: z.boolean({ error: "must be true or false" }) }, { error: 'must be an object, e.g. {"offline": true}' });
export type NetworkState = z.output<typeof NetworkState>;

/**
 * Aborts the connection with a TCP RST and no byte of a response, as the reset fault does. Not a 503:
 * a status is a live answer, which a network-first worker passes to the page (or stores), so the test
 * would check how the app treats a server error instead of no network. An RST makes the browser's
 * fetch reject with the TypeError an offline fetch rejects with, at once, where a silent connection
 * (a hang) would keep a worker without a network timeout waiting.
 */
export function refuseWhileOffline(isOffline: () => boolean): RequestHandler {
  return (req, res, next) => {
    if (!isOffline()) return next();
    res.locals.cut = "offline";
    req.socket.resetAndDestroy();
  };
}
