// Preloaded (node --import) into a tool a test runs that must work offline: any outgoing
// connection (TCP or TLS; local sockets are allowed) is written to stderr as NETWORK ATTEMPT and
// refused, so the test sees it even when the tool swallows the error (telemetry does).
import net from "node:net";

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  const target = Array.isArray(args[0]) ? args[0][0] : args[0];
  if (target && typeof target === "object" && target.path) return connect.apply(this, args);
  process.stderr.write(`NETWORK ATTEMPT: ${JSON.stringify(target)}\n`);
  throw new Error("no network for this tool");
};
