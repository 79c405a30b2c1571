// What the contract tests share: the bundled contract, and the generated zod schema behind each $ref.
import type { ZodType } from 'zod';
import * as httpZod from '../../generated/http/zod.gen.ts';
import { deref, readJson } from '../../scripts/lib/contract-examples.ts';

export type Json = Record<string, unknown>;

export const bundledPath = 'generated/openapi.bundled.json';
export const contract: Json = readJson(bundledPath);

const schemas = httpZod as unknown as Record<string, ZodType | undefined>;

/** The generated zod schema for a `#/components/schemas/<Name>` reference (hey-api names it z<Name>). */
export function zodForRef(ref: string, generated: Record<string, ZodType | undefined> = schemas): ZodType {
  const name = ref.replace('#/components/schemas/', '');
  const schema = generated[`z${name}`];
  if (!schema) throw new Error(`no generated zod schema z${name} for ${ref}`);
  return schema;
}

const ERROR_BODY_REF = '#/components/schemas/ErrorBody';

/**
 * The schema an answer is checked against, as the app's client does: an answer that says `error: true`
 * is the error envelope (thrown before any success schema is checked), anything else the success shape.
 */
export function zodForAnswer(example: Pick<MediaExample, 'schemaRef' | 'envelopeAllowed'>, value: unknown): ZodType {
  const isEnvelope = typeof value === 'object' && value !== null && (value as { error?: unknown }).error === true;
  return zodForRef(example.envelopeAllowed && isEnvelope ? ERROR_BODY_REF : example.schemaRef!);
}

export interface MediaExample {
  where: string;
  operationId: string;
  status?: string;
  contentType: string;
  /** The success schema (the branch beside ErrorBody when the answer may also be the error envelope). */
  schemaRef: string | undefined;
  /** A 2xx answer that may be the error envelope instead (`anyOf: [success, ErrorBody]`). */
  envelopeAllowed: boolean;
  name: string;
  value: unknown;
}

/** Every named example of every request body and response in the bundled contract. */
export function mediaExamples(doc: Json = contract): MediaExample[] {
  const found: MediaExample[] = [];
  for (const [path, rawItem] of Object.entries(doc.paths as Json)) {
    const item = deref(doc, rawItem) as Json;
    for (const [method, rawOperation] of Object.entries(item)) {
      if (method === 'parameters' || method === 'servers') continue;
      const operation = rawOperation as Json;
      const operationId = String(operation.operationId);
      const media: Array<[string, string | undefined, Json]> = [];
      const body = operation.requestBody ? (deref(doc, operation.requestBody) as Json) : undefined;
      if (body) media.push([`${method.toUpperCase()} ${path} request`, undefined, body]);
      for (const [status, rawResponse] of Object.entries((operation.responses ?? {}) as Json)) {
        media.push([`${method.toUpperCase()} ${path} ${status}`, status, deref(doc, rawResponse) as Json]);
      }
      for (const [where, status, holder] of media) {
        for (const [contentType, rawMedia] of Object.entries((holder.content ?? {}) as Json)) {
          const mediaType = rawMedia as Json;
          const schema = (mediaType.schema ?? {}) as Json;
          const branches = ((schema.anyOf ?? []) as Json[]).map((branch) => branch.$ref as string | undefined);
          const envelopeAllowed = branches.includes(ERROR_BODY_REF);
          const schemaRef = (schema.$ref as string | undefined) ?? branches.find((ref) => ref !== ERROR_BODY_REF);
          for (const [name, rawExample] of Object.entries((mediaType.examples ?? {}) as Json)) {
            const example = deref(doc, rawExample) as Json;
            found.push({ where, operationId, status, contentType, schemaRef, envelopeAllowed, name, value: example.value });
          }
        }
      }
    }
  }
  return found;
}
