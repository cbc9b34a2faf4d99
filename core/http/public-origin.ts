import { type Config, searchOriginsOf } from '../config.ts';

// The origin absolute links in responses are built on (scenery search's `links`: the spec asks for absolute URIs).
// It comes from configuration only: Host and X-Forwarded-Host/-Proto are written by the client, and those responses
// are cached publicly, so a header copied into them would reach every later reader of the cache.

const wildcardHosts = new Set(['0.0.0.0', '[::]']);

/** PUBLIC_BASE_URL, else the address the server listens on (a wildcard bind is named `localhost`). */
export function publicOriginOf(config: Pick<Config, 'publicBaseUrl'>, listeningUrl: string): string {
  if (config.publicBaseUrl !== null) return config.publicBaseUrl;
  const url = new URL(listeningUrl);
  if (wildcardHosts.has(url.hostname)) url.hostname = 'localhost';
  return url.origin;
}

/** The listening address as configured, before the kernel names the port PORT=0 asks for. */
export function configuredUrlOf(config: Pick<Config, 'host' | 'port'>): string {
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${config.port}`;
}

/**
 * Once the server listens: with EXPLORE_ORIGIN unset, the accepted browser origins name the port actually bound
 * (PORT=0 asks the kernel for one), so the page this server serves may search.
 */
export function settleSearchOrigins(config: Config, listeningUrl: string): void {
  if (config.scenerySearchOriginsSet) return;
  config.scenerySearchOrigins = searchOriginsOf(Number(new URL(listeningUrl).port), config.publicBaseUrl);
}
