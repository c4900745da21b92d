import fs from 'node:fs';
import { parse } from 'smol-toml';

/**
 * What a stock schemathesis run (no project configuration) may report: a schema-valid request
 * refused (ST202) or a schema-invalid one accepted (ST201) with a status that
 * tools/fuzz/schemathesis.toml lists for that operation, each there with the rule no OpenAPI document
 * can state. Anything else it reports (a 5xx, an answer the document does not describe, a status
 * the configuration does not list, an error of the run) is a failure.
 */
export function documentedExceptions(configFile) {
  const config = parse(fs.readFileSync(configFile, 'utf8'));
  const statuses = new Map();
  for (const operation of config.operations ?? []) {
    const checks = operation.checks ?? {};
    statuses.set(operation['include-name'], {
      ST202: checks.positive_data_acceptance?.['expected-statuses'] ?? [],
      ST201: checks.negative_data_rejection?.['expected-statuses'] ?? [],
    });
  }
  return statuses;
}

const matches = (status, expected) => expected.some((entry) => entry === String(status) || (/^\dxx$/.test(entry) && entry[0] === String(status)[0]));

/** The test cases of a schemathesis JUnit report: operation, the checks each failed, the status it got. */
export function reportedCases(junitXml) {
  const cases = [];
  for (const [, operation, body] of junitXml.matchAll(/<testcase name="([^"]+)"[^>]*?(?:\/>|>([\s\S]*?)<\/testcase>)/g)) {
    for (const [, kind, text] of (body ?? '').matchAll(/<(failure|error)\b[^>]*>([\s\S]*?)<\/\1>/g)) {
      // One failure element holds every failing test case of the operation, each numbered.
      for (const testCase of text.split(/^\d+\. Test Case ID: /m).slice(1)) {
        cases.push({
          operation: operation.replace(/&amp;/g, '&'),
          kind,
          checks: [...testCase.matchAll(/^- (ST\d+) /gm)].map((match) => match[1]),
          status: Number(/^\[(\d{3})\]/m.exec(testCase)?.[1] ?? 0),
        });
      }
    }
  }
  return cases;
}

/** The reported cases that no documented exception covers (an error of the run never is). */
export function undocumentedFailures(cases, exceptions) {
  return cases.filter(({ operation, kind, checks, status }) => {
    if (kind !== 'failure' || checks.length === 0) return true;
    const listed = exceptions.get(operation);
    return !checks.every((check) => (check === 'ST201' || check === 'ST202') && listed && matches(status, listed[check]));
  });
}
