import { execFileSync } from 'node:child_process';
import path from 'node:path';

const gate = JSON.stringify(path.resolve(__dirname, '../fuzz/documented-exceptions.mjs'));
const config = JSON.stringify(path.resolve(__dirname, '../fuzz/schemathesis.toml'));

/** A JUnit report as schemathesis writes it: one testcase per operation, its failing test cases numbered in one element. */
const report = (cases: string) => `<?xml version="1.0" encoding="utf-8"?>
<testsuites><testsuite name="schemathesis">
  <testcase name="GET /api/health" time="0.02" />
  ${cases}
</testsuite></testsuites>`;

const refused = (id: string, check: string, status: string) =>
  `${id}. Test Case ID: x\n\n- ${check} Schema-valid request rejected\n\n    Valid data should have been accepted\n\n[${status}] Bad Request:\n\n    \`{}\`\n`;

/** The undocumented failures of a report, as the npm test step finds them (the module is a plain ES module). */
function undocumented(xml: string): { operation: string; checks: string[]; status: number }[] {
  const body = `import { documentedExceptions, reportedCases, undocumentedFailures } from ${gate};
    console.log(JSON.stringify(undocumentedFailures(reportedCases(${JSON.stringify(xml)}), documentedExceptions(${config}))));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', body], { encoding: 'utf8' }).trim());
}

describe("the stock API fuzzing run's gate (tools/fuzz/documented-exceptions.mjs)", () => {
  it('lets through only the refusals schemathesis.toml documents for that operation and status', () => {
    const initiatorRule = `<testcase name="POST /api/sessions"><failure type="failure" message="ST202">${refused('1', 'ST202', '400')}</failure></testcase>`;
    expect(undocumented(report(initiatorRule))).toEqual([]);
    const imageBytes = `<testcase name="POST /api/verification/{sessionId}/{participantId}"><failure type="failure" message="ST202">${refused('1', 'ST202', '415')}${refused('2', 'ST202', '422')}</failure></testcase>`;
    expect(undocumented(report(imageBytes))).toEqual([]);
  });

  it('fails on anything else: a status not listed, another operation, another check, a run error', () => {
    const claim400 = `<testcase name="POST /api/sessions/{id}/participants/{pid}/claim"><failure type="failure" message="ST202">${refused('1', 'ST202', '400')}</failure></testcase>`;
    expect(undocumented(report(claim400))).toMatchObject([{ operation: 'POST /api/sessions/{id}/participants/{pid}/claim', checks: ['ST202'], status: 400 }]);
    const health = `<testcase name="GET /api/health"><failure type="failure" message="ST202">${refused('1', 'ST202', '400')}</failure></testcase>`;
    expect(undocumented(report(health))).toHaveLength(1);
    const serverError = `<testcase name="POST /api/sessions"><failure type="failure" message="ST100">1. Test Case ID: y\n\n- ST100 Server error\n\n[500] Internal Server Error:\n</failure></testcase>`;
    expect(undocumented(report(serverError))).toMatchObject([{ checks: ['ST100'], status: 500 }]);
    const mixed = `<testcase name="POST /api/sessions"><failure type="failure" message="ST202">${refused('1', 'ST202', '400')}${refused('2', 'ST202', '422')}</failure></testcase>`;
    expect(undocumented(report(mixed))).toMatchObject([{ status: 422 }]);
    const runError = `<testcase name="POST /api/sessions"><error type="error" message="timeout">1. Test Case ID: z\n\nRead timed out\n</error></testcase>`;
    expect(undocumented(report(runError))).toHaveLength(1);
  });
});
