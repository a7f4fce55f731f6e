// Apex cannot run on this machine, so every class and trigger is parsed with the Apex grammar
// (@apexdevtools/apex-parser) and held to the repository's Prettier style (prettier-plugin-apex, its
// native parser), and each has the metadata file a deploy needs.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApexErrorListener, ApexParserFactory } from '@apexdevtools/apex-parser';
import * as prettier from 'prettier';
import * as apexPlugin from 'prettier-plugin-apex';
import { describe, expect, it } from 'vitest';

const source = fileURLToPath(new URL('../force-app/main/default', import.meta.url));
const files = ['classes', 'triggers'].flatMap((dir) =>
  existsSync(join(source, dir))
    ? readdirSync(join(source, dir))
        .filter((f) => f.endsWith('.cls') || f.endsWith('.trigger'))
        .map((f) => join(source, dir, f))
    : [],
);

class Collect extends ApexErrorListener {
  readonly errors: string[] = [];
  apexSyntaxError(line: number, column: number, msg: string): void {
    this.errors.push(`${line}:${column} ${msg}`);
  }
}

function syntaxErrors(text: string, trigger: boolean): string[] {
  const listener = new Collect();
  const { parser } = ApexParserFactory.createLexerAndParser(text, listener);
  if (trigger) parser.triggerUnit();
  else parser.compilationUnit();
  return listener.errors;
}

describe('Apex', () => {
  it('has the submit processing and the record-change publisher: triggers, handlers and their test classes', () => {
    const names = files.map((f) => f.slice(f.lastIndexOf('/') + 1)).sort();
    expect(names).toEqual([
      'SQX_CorrectiveActions.cls',
      'SQX_CorrectiveActionsTest.cls',
      'SQX_FormDefinitionChangeTrigger.trigger',
      'SQX_FormSubmissionTrigger.trigger',
      'SQX_RecordChangePublisher.cls',
      'SQX_RecordChangePublisherTest.cls',
      'SQX_SubmitAnswers.cls',
      'SQX_SubmitAnswersTest.cls',
      'SQX_SubmitFixture.cls',
      'SQX_SubmitProcessing.cls',
      'SQX_SubmitProcessingTest.cls',
      'SQX_TaskChangeTrigger.trigger',
    ]);
  });

  it.each(files.map((f) => [f.slice(source.length + 1), f]))('%s parses as Apex', (_name, file) => {
    expect(syntaxErrors(readFileSync(file, 'utf8'), file.endsWith('.trigger'))).toEqual([]);
  });

  it('the parser reports broken Apex (so the check above can fail)', () => {
    expect(syntaxErrors('public class Broken { void run( }', false).length).toBeGreaterThan(0);
    expect(
      syntaxErrors('trigger T on Account(before insert) { Integer x = ; }', true).length,
    ).toBeGreaterThan(0);
  });

  it.each(files.map((f) => [f.slice(source.length + 1), f]))(
    '%s is formatted by prettier-plugin-apex',
    async (_name, file) => {
      const options = (await prettier.resolveConfig(file)) ?? {};
      const text = readFileSync(file, 'utf8');
      const formatted = await prettier.format(text, {
        ...options,
        filepath: file,
        plugins: [apexPlugin],
      });
      expect(formatted).toBe(text);
    },
  );

  it.each(files.map((f) => [f.slice(source.length + 1), f]))(
    '%s has its -meta.xml with an API version',
    (_name, file) => {
      const meta = readFileSync(`${file}-meta.xml`, 'utf8');
      expect(meta).toMatch(/<apiVersion>\d+\.0<\/apiVersion>/);
      expect(meta).toMatch(/<status>Active<\/status>/);
    },
  );
});
