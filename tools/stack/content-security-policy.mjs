/**
 * The pages' Content-Security-Policy: scripts, styles and fonts only from the app and its remotes
 * (scripts may compile WebAssembly, never evaluate strings),
 * calls only to the app, its remotes (their manifests) and the API, images also from data: and
 * blob: (QR codes, previews of the photos), the camera's picture from blob:, no plugins, no
 * framing. Styles allow 'unsafe-inline': React sets style attributes (the camera preview).
 */
export function contentSecurityPolicy({ remoteOrigins, apiOrigin }) {
  const app = ["'self'", ...remoteOrigins].join(' ');
  return [
    "default-src 'self'",
    // WebAssembly may be compiled (not JavaScript evaluated): the selfie's face model (tfjs) tries it, and falls back without
    `script-src ${app} 'wasm-unsafe-eval'`,
    `style-src ${app} 'unsafe-inline'`,
    `font-src ${app}`,
    `connect-src ${app} ${apiOrigin}`,
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
