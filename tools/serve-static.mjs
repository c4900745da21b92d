#!/usr/bin/env node
/**
 * A small static file server for built frontends (local runs and tests; nginx serves them in
 * docker-compose). GET /health answers 200. Files in --overlay win over the build, so deploy-time
 * files (config.json, remotes.json) need no rebuild. --spa answers index.html for unknown paths.
 *
 * Every answer carries the security headers: --csp (the page's Content-Security-Policy),
 * Permissions-Policy (camera for the app itself only), Referrer-Policy no-referrer, nosniff; CORS
 * only for the origins in --cors-origins (the shell's, on the remotes).
 *
 *   node tools/serve-static.mjs --root shell/dist --port 4200 [--overlay DIR] [--spa] [--csp POLICY] [--cors-origins A,B]
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    root: { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    overlay: { type: 'string' },
    spa: { type: 'boolean', default: false },
    csp: { type: 'string' },
    'cors-origins': { type: 'string', default: '' },
  },
});
if (!values.root || !values.port) {
  process.stderr.write('usage: serve-static.mjs --root DIR --port N [--overlay DIR] [--spa]\n');
  process.exit(2);
}

const roots = [values.overlay, values.root].filter(Boolean).map((dir) => path.resolve(dir));
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg']);
/** Files whose names carry a content hash never change; everything else is revalidated. */
const HASHED = /\.[0-9a-f]{8}\.(js|css)$/;

function resolveFile(urlPath) {
  const relative = path.normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, '');
  for (const root of roots) {
    const file = path.join(root, relative);
    if (!file.startsWith(root)) continue;
    try {
      if (fs.statSync(file).isFile()) return file;
    } catch {
      // not in this root
    }
  }
  return undefined;
}

const corsOrigins = new Set(values['cors-origins'].split(',').filter(Boolean));

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const origin = request.headers.origin;
  if (origin && corsOrigins.has(origin)) response.setHeader('Access-Control-Allow-Origin', origin);
  response.setHeader('Vary', 'Origin, Accept-Encoding');
  if (values.csp) response.setHeader('Content-Security-Policy', values.csp);
  response.setHeader('Permissions-Policy', 'camera=(self), microphone=(), geolocation=()');
  response.setHeader('Referrer-Policy', 'no-referrer');
  response.setHeader('X-Content-Type-Options', 'nosniff');
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405).end();
    return;
  }
  if (url.pathname === '/health') {
    response.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
    return;
  }
  let file;
  try {
    file = resolveFile(url.pathname === '/' ? '/index.html' : url.pathname);
  } catch {
    response.writeHead(400).end();
    return;
  }
  if (!file && values.spa && !path.extname(url.pathname)) file = resolveFile('/index.html');
  if (!file) {
    response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    return;
  }
  const extension = path.extname(file);
  const headers = {
    'Content-Type': TYPES[extension] ?? 'application/octet-stream',
    'Cache-Control': HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
  const body = fs.readFileSync(file);
  if (COMPRESSIBLE.has(extension) && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
    response.writeHead(200, { ...headers, 'Content-Encoding': 'gzip' });
    response.end(request.method === 'HEAD' ? undefined : zlib.gzipSync(body));
  } else {
    response.writeHead(200, headers);
    response.end(request.method === 'HEAD' ? undefined : body);
  }
});

server.listen(Number(values.port), values.host);
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => server.close(() => process.exit(0)));
