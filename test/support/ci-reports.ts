// The CI formats read back by real parsers of each (issue 30.8), for every test that reads one
// (test/ci-formats.test.ts, test/pull-check.test.ts, test/ci-recipes.test.ts): JUnit XML validated by
// libxml2 (xmllint-wasm) against a JUnit schema and read by fast-xml-parser; GitLab Code Quality by ajv
// against a JSON schema of the format; OpenMetrics by prometheus_client's strict parser (Debian's
// python3-prometheus-client; .ci/run installs it). GitHub workflow commands: test/support/workflow-commands.ts.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { validateXML } from 'xmllint-wasm';
import { expect } from 'vitest';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/ci/${name}`, import.meta.url), 'utf8');

export interface JunitReport {
  testsuites: {
    testsuite: {
      name: string;
      tests: string;
      failures: string;
      skipped: string;
      testcase: Array<{ name: string; classname: string; failure?: { message: string; type: string; '#text': string }; skipped?: { message: string } }>;
    };
  };
}

/** JUnit XML: valid against the schema (libxml2), then read back. */
export async function readJunit(xml: string): Promise<JunitReport> {
  const result = await validateXML({ xml: [{ fileName: 'report.xml', contents: xml }], schema: [{ fileName: 'junit.xsd', contents: fixture('junit.xsd') }] });
  expect(result.errors.map((e) => e.rawMessage)).toEqual([]);
  expect(result.valid).toBe(true);
  expect(XMLValidator.validate(xml)).toBe(true);
  // htmlEntities: character references (&#13;) decoded as XML decodes them, not left as text.
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseAttributeValue: false,
    htmlEntities: true,
    isArray: (name) => name === 'testcase',
  });
  const parsed = parser.parse(xml) as JunitReport;
  // A suite without test cases has none (not undefined) to read.
  parsed.testsuites.testsuite.testcase ??= [];
  return parsed;
}

export interface CodeQualityIssue {
  description: string;
  check_name: string;
  fingerprint: string;
  severity: string;
  location: { path: string; lines: { begin: number } };
}

const validateCodeQuality = new Ajv({ allErrors: true }).compile(JSON.parse(fixture('codequality.schema.json')) as object);

/** A Code Quality report: valid against the schema, fingerprints unique. */
export function readCodeQuality(text: string): CodeQualityIssue[] {
  const issues = JSON.parse(text) as CodeQualityIssue[];
  expect(validateCodeQuality(issues), JSON.stringify(validateCodeQuality.errors)).toBe(true);
  expect(new Set(issues.map((i) => i.fingerprint)).size).toBe(issues.length);
  return issues;
}

const PYTHON = '/usr/bin/python3';
const PARSE = `
import json, sys
from prometheus_client.openmetrics.parser import text_string_to_metric_families
families = []
for f in text_string_to_metric_families(sys.stdin.buffer.read().decode('utf-8')):
    families.append({'name': f.name, 'type': f.type, 'unit': f.unit, 'help': f.documentation,
                     'samples': [{'name': s.name, 'labels': s.labels, 'value': s.value} for s in f.samples]})
print(json.dumps(families))
`;

/** Whether prometheus_client's parser is there (python3-prometheus-client). */
export const HAS_OPENMETRICS_PARSER = spawnSync(PYTHON, ['-c', 'import prometheus_client.openmetrics.parser'], { stdio: 'ignore' }).status === 0;
/** CI must never skip it (.ci/run installs the parser and sets this). */
export const REQUIRE_PARSERS = process.env.WLI_REQUIRE_PARSERS === '1';

export interface MetricFamilyRead {
  name: string;
  type: string;
  unit: string;
  help: string;
  samples: Array<{ name: string; labels: Record<string, string>; value: number }>;
}

/** OpenMetrics text as prometheus_client reads it; anything it refuses fails the expectation. */
export function readOpenMetrics(text: string): MetricFamilyRead[] {
  const p = spawnSync(PYTHON, ['-c', PARSE], { input: text, encoding: 'utf8' });
  expect(p.stderr, 'prometheus_client refused the text').toBe('');
  expect(p.status).toBe(0);
  return JSON.parse(p.stdout) as MetricFamilyRead[];
}
