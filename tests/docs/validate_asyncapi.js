// Validates an AsyncAPI document against the official 3.0.0 JSON Schema from @asyncapi/specs.
// Usage: node validate_asyncapi.js FILE.json   (exit 0 valid, 1 invalid with the errors printed)
'use strict';
const fs = require('fs');
const Ajv = require('ajv');
const addFormats = require('ajv-formats');
const specs = require('@asyncapi/specs');

const schema = specs.schemas['3.0.0'];
// The schema bundles the draft-07 meta-schema itself; Ajv's own copy would clash with it.
const ajv = new Ajv({ allErrors: true, strict: false, meta: false, validateSchema: false });
addFormats(ajv);
const validate = ajv.compile(schema);
const document = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
if (validate(document)) {
  console.log(`asyncapi: ${process.argv[2]} is a valid AsyncAPI ${document.asyncapi} document`);
  process.exit(0);
}
for (const e of validate.errors.slice(0, 30)) {
  console.error(`asyncapi: ${e.instancePath || '/'}: ${e.message} ${JSON.stringify(e.params)}`);
}
process.exit(1);
