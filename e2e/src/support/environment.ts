/** Where the stack that tools/test.mjs started lives. */
export interface E2eEnvironment {
  appUrl: string;
  apiUrl: string;
  apiKey: string;
  /** A secret key of a server-side client ("e2e"), where the stack has one (npm test's does). */
  secretApiKey?: string;
}

export function e2eEnvironment(): E2eEnvironment {
  const appUrl = process.env.E2E_APP_URL;
  const apiUrl = process.env.E2E_API_URL;
  const apiKey = process.env.E2E_API_KEY;
  const secretApiKey = process.env.E2E_SECRET_API_KEY;
  if (!appUrl || !apiUrl || !apiKey) {
    throw new Error('Browser tests need E2E_APP_URL, E2E_API_URL and E2E_API_KEY: run them through `npm test`.');
  }
  return { appUrl, apiUrl, apiKey, ...(secretApiKey ? { secretApiKey } : {}) };
}
