// The published schemas in the clients users have: yaml-language-server's language service (what
// VS Code's YAML extension and other LSP editors run) through each manifest's own modeline, and
// ajv in strict mode. Usage: node editor_check.js CASES.json   (NODE_PATH has the packages)
'use strict';
const fs = require('fs');
const path = require('path');
const { URI } = require('vscode-uri');
const { TextDocument } = require('vscode-languageserver-textdocument');
const { getLanguageService } = require('yaml-language-server/lib/umd/languageservice/yamlLanguageService');
const Ajv = require('ajv');
const YAML = require('yaml');

let failed = 0;
const bad = (what) => { failed += 1; console.error(`schema: FAILED ${what}`); };

function languageService() {
  const service = getLanguageService({
    schemaRequestService: (uri) => Promise.resolve(fs.readFileSync(URI.parse(uri).fsPath, 'utf8')),
    workspaceContext: {
      resolveRelativePath: (relative, resource) =>
        URI.file(path.resolve(path.dirname(URI.parse(resource).fsPath), relative)).toString(),
    },
  });
  service.configure({ validate: true, hover: true, completion: true, schemas: [] });
  return service;
}

function open(file) {
  return TextDocument.create(URI.file(path.resolve(file)).toString(), 'yaml', 1, fs.readFileSync(file, 'utf8'));
}

// What the editor marks: errors (a wrong type, an unknown key) and warnings (a value out of
// range or off its pattern, which the language service reports as warnings).
async function marks(service, file) {
  return (await service.doValidation(open(file), false)).filter((d) => d.severity <= 2);
}

// A manifest the editor must accept: nothing marked.
async function expectClean(service, file) {
  const errors = await marks(service, file);
  if (errors.length) bad(`${file}: the editor reports ${errors.map((d) => `${d.range.start.line + 1}: ${d.message}`).join('; ')}`);
}

// A manifest with one mistake per listed line: the editor marks each of those lines.
async function expectMarked(service, file, lines) {
  const errors = await marks(service, file);
  const marked = new Set(errors.map((d) => d.range.start.line + 1));
  for (const line of lines) if (!marked.has(line)) bad(`${file}:${line}: the editor does not mark the mistake (marked: ${[...marked].join(', ')})`);
}

async function expectHover(service, file, line, column, text) {
  const hover = await service.doHover(open(file), { line: line - 1, character: column - 1 });
  // Markdown escapes punctuation: compare the text as a reader sees it.
  const shown = hover ? JSON.stringify(hover.contents).replace(/\\\\/g, '') : '';
  if (!shown.includes(text)) bad(`${file}:${line}:${column}: the hover does not show '${text}' (got ${shown.slice(0, 200)})`);
}

function ajvChecks(cases) {
  const ajv = new Ajv({ strict: true, allowUnionTypes: true, allErrors: true });
  const validators = {};
  for (const [kind, file] of Object.entries(cases.schemas)) {
    try {
      validators[kind] = ajv.compile(JSON.parse(fs.readFileSync(file, 'utf8')));
    } catch (e) {
      bad(`ajv strict mode rejects ${file}: ${e.message}`);
      return;
    }
  }
  for (const file of cases.clean) {
    const document = YAML.parse(fs.readFileSync(file, 'utf8'));
    const validate = validators[document.kind === 'Settings' ? 'settings' : 'topic'];
    if (!validate(document)) bad(`ajv rejects ${file}: ${ajv.errorsText(validate.errors)}`);
  }
  for (const mistake of cases.marked) {
    const document = YAML.parse(fs.readFileSync(mistake.file, 'utf8'));
    if (validators.topic(document)) bad(`ajv accepts ${mistake.file}`);
    else if (validators.topic.errors.length < mistake.lines.length) bad(`ajv finds ${validators.topic.errors.length} of the ${mistake.lines.length} mistakes in ${mistake.file}`);
  }
}

async function main() {
  const cases = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
  const service = languageService();
  for (const file of cases.clean) await expectClean(service, file);
  for (const mistake of cases.marked) await expectMarked(service, mistake.file, mistake.lines);
  for (const h of cases.hovers) await expectHover(service, h.file, h.line, h.column, h.text);
  ajvChecks(cases);
  const total = cases.clean.length + cases.marked.length + cases.hovers.length + 1;
  console.log(`schema: ${total - failed} of ${total} checks passed`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => { console.error(e); process.exit(1); });
