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
