// Loaded into the server by bench:load (node --expose-gc --import …): answers the parent's
// { type: "memory" } message over the IPC channel with the process's memory, after a full
// garbage collection when asked (`gc: true`), so heap figures compare live data, not garbage.
process.on("message", (message) => {
  if (message?.type !== "memory") return;
  if (message.gc && typeof globalThis.gc === "function") globalThis.gc();
  process.send?.({ type: "memory", usage: process.memoryUsage() });
});
