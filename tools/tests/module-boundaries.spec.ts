import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/** Lints `code` as if it were the file at `filePath` (relative to the workspace root), with the real config. */
function lint(filePath: string, code: string): string[] {
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/eslint/bin/eslint.js'), '--stdin', '--stdin-filename', filePath, '--format', 'json'],
    { cwd: ROOT, input: code, encoding: 'utf8' },
  );
  const [report] = JSON.parse(result.stdout) as { messages: { ruleId: string | null; message: string }[] }[];
  return report.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('module boundaries', () => {
  it('refuses an app importing another app', () => {
    const messages = lint('mf-landing/src/bad.ts', "import { x } from '../../mf-session/src/remote-entry';\nexport const y = x;\n");
    expect(messages).toEqual([expect.stringContaining('Apps never import each other')]);
  });

  it('refuses a service importing another service', () => {
    const messages = lint('svc-gateway/src/bad.ts', "import { AppModule } from '@idv/svc-sessions';\nexport const y = AppModule;\n");
    expect(messages).toEqual([expect.stringContaining('Apps never import each other')]);
  });

  it('refuses browser code importing service code or Node built-ins', () => {
    expect(lint('shell/src/bad.ts', "import { loadEnv } from '@idv/service-kit';\nexport const y = loadEnv;\n")).toEqual([
      expect.stringContaining('Browser code never imports service code'),
    ]);
    expect(lint('mf-verify/src/bad.ts', "import fs from 'node:fs';\nexport const y = fs;\n")).toEqual([
      expect.stringContaining('Browser code cannot use Node built-ins'),
    ]);
  });

  it('keeps the zod message catalogue out of browser code (the browser shares the rules, not zod)', () => {
    expect(lint('mf-session/src/bad.ts', "import { RPC_CATALOGUE } from '@idv/contracts/catalogue';\nexport const y = RPC_CATALOGUE;\n")).toEqual([
      expect.stringContaining('without shipping zod'),
    ]);
    expect(lint('libs/api-client/src/bad.ts', "import * as z from 'zod';\nexport const y = z;\n")).toEqual([expect.stringContaining('without shipping zod')]);
  });

  it('refuses Node-only or browser-only code in libs/contracts', () => {
    expect(lint('libs/contracts/src/bad.ts', "import path from 'node:path';\nexport const y = path;\n")).toEqual([
      expect.stringContaining('no Node built-ins'),
    ]);
    expect(lint('libs/contracts/src/bad.ts', 'export const y = () => window.location.href;\n')).toEqual([expect.stringContaining('no-restricted-globals')]);
    expect(lint('libs/contracts/src/bad.ts', 'export const y = () => process.env.X;\n')).toEqual([expect.stringContaining('no-restricted-globals')]);
  });

  it('accepts the allowed directions', () => {
    expect(lint('mf-session/src/ok.ts', "import { LIMITS } from '@idv/contracts';\nexport const y = LIMITS;\n")).toEqual([]);
    expect(lint('svc-sessions/src/ok.ts', "import { loadEnv } from '@idv/service-kit';\nimport fs from 'node:fs';\nexport const y = [loadEnv, fs];\n")).toEqual(
      [],
    );
  });
});
