import type { SpecDocument } from '../spec.ts';
import { agentLicense, agentLicenseSchema } from './agent-license.ts';
import { type CompactRules, compactSchema } from './compact-schema.ts';
import { deriveComponentSchema, type JsonSchema } from './schemas.ts';
import { settingsOf } from './tool-settings.ts';

// A tool's two output schemas. `exact` is the spec's response schema with the agent licence in place of the full
// one: the server checks every result against it. `advertised` is its compact form, what tools/list shows and what
// clients validate structuredContent against. Of the common envelope, get_metadata's schema lists every member;
// the others list what an agent reads of it (note, warnings, license).

type Json = Record<string, unknown>;

export interface OutputSchemas {
  exact: JsonSchema;
  advertised: JsonSchema;
}

const compactRules: CompactRules = { shapeDepth: 2, describeDepth: 0, maxEnum: 8, required: false };

/** The tool whose result keeps the release's full licence. */
const fullTermsTool = 'get_metadata';

const agentEnvelope = ['license', 'note', 'warnings'];

// Members typed only in every tool: echoes of the arguments, the licence (its result carries `full_terms`) and the
// notes on how counts and layers are made, which the text rendering and the REST reference give.
const typedEverywhere = ['query', 'license', 'la_counts', 'notes', 'counting_notes', 'field_notes', 'dataset'];

function envelopeMembers(spec: SpecDocument): string[] {
  return Object.keys((deriveComponentSchema(spec, '#/components/schemas/Envelope').properties ?? {}) as Json);
}

function withAgentLicense(spec: SpecDocument, schema: JsonSchema): JsonSchema {
  const license = agentLicenseSchema(deriveComponentSchema(spec, '#/components/schemas/License', ['examples']));
  const required = ((schema.required ?? []) as string[]).filter((name) => name !== 'license');
  return { ...schema, properties: { ...(schema.properties as Json), license }, required: [...required, 'license'] };
}

export function toolOutputSchemas(spec: SpecDocument, tool: string, schema: JsonSchema): OutputSchemas {
  const settings = settingsOf(tool);
  const members: Record<string, 'omit' | 'typed'> = {};
  if (tool !== fullTermsTool) {
    for (const name of envelopeMembers(spec)) if (!agentEnvelope.includes(name)) members[name] = 'omit';
  }
  for (const name of [...typedEverywhere, ...settings.typedOnly]) members[name] = 'typed';
  const rules = { ...compactRules, members };
  const exact = tool === fullTermsTool ? schema : withAgentLicense(spec, schema);
  return { exact, advertised: compactSchema(exact, rules) };
}

/** The result of `tool` as an agent gets it: the short licence in place of the full one. */
export function forAgent(tool: string, structured: Json, license: unknown): Json {
  return tool === fullTermsTool ? structured : { ...structured, license: agentLicense(license) };
}
