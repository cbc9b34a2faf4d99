import type { AddressInfo } from 'node:net';
import type { H3 } from 'h3';
import { toNodeHandler } from 'h3/node';
import { type Listener, listen } from 'listhen';

// listhen serves the app. isProd keeps it from moving silently to another port when the asked one is busy.
export async function listenApp(app: H3, host: string, port: number): Promise<{ listener: Listener; url: string }> {
  const listener = await listen(toNodeHandler(app) as never, {
    hostname: host,
    port,
    isProd: true,
    // listhen would otherwise exit the process on SIGINT/SIGTERM before scripts/serve.ts closes the store (an
    // embedded store left open is recovered at the next start) and finishes writing the start-up snapshot.
    autoClose: false,
    showURL: false,
    open: false,
    clipboard: false,
    qr: false,
    public: host !== '127.0.0.1' && host !== 'localhost',
  });
  const address = listener.server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return { listener, url: `http://${shownHost}:${address.port}` };
}
