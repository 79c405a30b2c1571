// The mocks' HTTP servers (sandbox, realtime) keep an idle keep-alive connection for a minute, not
// Node's 5 s: a client (a test's request context) that reuses one just as the server closes it gets
// ECONNRESET (seen once on a loaded machine).
import type { Server } from 'node:http';

export function keepIdleConnections(server: Server): void {
  server.keepAliveTimeout = 60_000;
}
