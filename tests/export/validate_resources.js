// Validates KafkaTopic resources (YAML files, each one or more documents) against the operators'
// structure: Strimzi's v1 CRD and Confluent for Kubernetes' fields, as JSON Schemas, with ajv.
// Usage: node validate_resources.js FILE...   (exit 0 all valid, 1 any invalid, errors printed)
'use strict';
const fs = require('fs');
const path = require('path');
const Ajv = require('ajv');
const YAML = require('yaml');

const ajv = new Ajv({ allErrors: true, strict: false });
const schemas = {
  'kafka.strimzi.io/v1': 'strimzi-kafkatopic-v1.schema.json',
  'platform.confluent.io/v1beta1': 'confluent-kafkatopic-v1beta1.schema.json',
};
const validators = {};
for (const [api, file] of Object.entries(schemas)) {
  validators[api] = ajv.compile(JSON.parse(fs.readFileSync(path.join(__dirname, file), 'utf8')));
}
let resources = 0;
let failures = 0;
for (const file of process.argv.slice(2)) {
  for (const document of YAML.parseAllDocuments(fs.readFileSync(file, 'utf8'))) {
    if (document.errors.length) {
      console.error(`${file}: not YAML: ${document.errors[0].message}`);
      failures++;
      continue;
    }
    const resource = document.toJS();
    if (resource === null || resource.kind === 'Kustomization') continue;
    const validate = validators[resource.apiVersion];
    resources++;
    if (validate === undefined) {
      console.error(`${file}: unknown apiVersion ${resource.apiVersion}`);
      failures++;
    } else if (!validate(resource)) {
      for (const e of validate.errors) console.error(`${file}: ${e.instancePath || '/'}: ${e.message}`);
      failures++;
    }
  }
}
console.log(`${resources} resource(s), ${failures} invalid`);
process.exit(failures || resources === 0 ? 1 : 0);
