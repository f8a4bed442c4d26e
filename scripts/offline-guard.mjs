// Preloaded (node --import) into every example run by scripts/run-examples.mjs: any attempt to reach a
// host other than loopback fails with a message naming it, so an example that needs the network fails
// its run instead of passing on a connected machine only.
import net from 'node:net';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

function refuse(host) {
  throw new Error(
    `offline-guard: an example must run offline, but it tried to reach ${host}`,
  );
}

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(...args) {
  // net.connect and tls.connect pass their normalized [options, callback] as one array.
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  const options =
    typeof first === 'object' && first !== null
      ? first
      : {
          port: first,
          host: typeof args[1] === 'string' ? args[1] : undefined,
        };
  // A Unix socket (path without port) is local; https passes its request path beside host and port.
  if (options.port !== undefined || options.path === undefined) {
    const host = options.host ?? 'localhost';
    if (!LOOPBACK.has(host)) refuse(`${host}:${options.port}`);
  }
  return connect.apply(this, args);
};

const originalFetch = globalThis.fetch;
if (typeof originalFetch === 'function') {
  globalThis.fetch = function guardedFetch(input, init) {
    const url = new URL(
      typeof input === 'string' || input instanceof URL ? input : input.url,
    );
    if (!LOOPBACK.has(url.hostname)) refuse(url.origin);
    return originalFetch(input, init);
  };
}
