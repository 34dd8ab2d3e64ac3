// Preloaded into `next start` by scripts/exampleApps/serveNextFixture.ts (node --require): Next stops
// when the fixture's serve.ts goes away, even when serve.ts is killed with SIGKILL and cannot stop it.
// serve.ts spawns Next with an IPC channel, which closes when serve.ts dies. Next uses IPC only when
// NEXT_PRIVATE_WORKER is set, which we never set.
process.on("disconnect", () => process.kill(process.pid, "SIGTERM"));
