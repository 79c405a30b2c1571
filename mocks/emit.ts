// CLI: node mocks/emit.ts <example-name> [--channel <name>] [--url http://127.0.0.1:6001]
// Sends a named AsyncAPI message example through the running realtime mock; without a name,
// lists the names.
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    channel: { type: 'string' },
    url: { type: 'string', default: process.env.REALTIME_MOCK_URL ?? 'http://127.0.0.1:6001' },
  },
});
const base = values.url.replace(/\/+$/, '');
const name = positionals[0];

async function call(path: string, init?: RequestInit): Promise<{ status: number; body: Record<string, unknown> }> {
  try {
    const response = await fetch(`${base}${path}`, init);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  } catch (error) {
    console.error(`emit: cannot reach the realtime mock at ${base} (${(error as Error).message}); start it with node mocks/realtime/main.ts`);
    process.exit(2);
  }
}

if (!name) {
  const { body } = await call('/__mock/examples');
  for (const e of body.examples as Array<{ name: string; transport: string; channel: string; summary: string }>) {
    console.log(`${e.name.padEnd(32)} ${e.transport.padEnd(10)} ${e.channel.padEnd(34)} ${e.summary}`);
  }
} else {
  const { status, body } = await call('/__mock/emit', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ example: name, channel: values.channel }),
  });
  if (status !== 200) {
    console.error(`emit: ${String(body.error_message)}`);
    if (Array.isArray(body.examples)) console.error(`known examples: ${body.examples.join(', ')}`);
    process.exit(1);
  }
  // `delivered` counts receivers really connected (Pusher subscribers, socket.io sockets, apps that polled
  // in the last 30 s); a long-poll event waits for each of them to poll (every 12.5 s).
  const receivers = `${String(body.delivered)} receiver(s)`;
  console.log(
    body.transport === 'long-poll'
      ? `queued ${String(body.emitted)} (${String(body.queued)} event(s)) on ${String(body.channel)} for ${receivers}; each gets it on its next poll`
      : `emitted ${String(body.emitted)} via ${String(body.transport)} on ${String(body.channel)} (event ${String(body.event)}) to ${receivers}`,
  );
  if (body.delivered === 0) console.log('nobody is listening: open the app (npm start) and sign in first');
  console.log(JSON.stringify(body.payload, null, 2));
}
