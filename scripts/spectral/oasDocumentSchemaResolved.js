// Spectral's own `oas3-schema` check (the OpenAPI 3.x document schema), re-exported so .spectral.yaml
// can run it on the resolved contract. Spectral loads ruleset functions through its own bundler,
// which follows relative imports only, hence the path into node_modules (the version package-lock pins).
import oasDocumentSchema from '../../node_modules/@stoplight/spectral-rulesets/dist/oas/functions/oasDocumentSchema.js';

export default oasDocumentSchema;
