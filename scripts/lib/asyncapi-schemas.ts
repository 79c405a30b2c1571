// Placeholder until the AsyncAPI document lands (owned by the realtime work): returns an empty components document.
export async function asyncapiSchemasAsOpenApi(_path: string): Promise<object> {
  return { openapi: '3.1.0', info: { title: 'ESS Workplace realtime payloads', version: '2.2.031' }, paths: {}, components: { schemas: {} } };
}
