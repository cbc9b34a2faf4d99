import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpec, specFiles } from '../../core/spec.ts';
import { startTestServer, type TestServer, testRelease } from '../helpers/server.ts';
import { checkedFetch } from '../helpers/spec-check.ts';

// An agent's session with /mcp through the official SDK client over streamable HTTP: initialize, list the tools,
// call every tool with real arguments from the demo release, and check each structuredContent against the tool's
// outputSchema. Every HTTP response of the session is also checked against the spec (checkedFetch).

const toolNames = [
  'get_metadata',
  'find_school',
  'coverage',
  'describe_location',
  'get_scene',
  'changes_near',
  'find_amenities',
  'describe_street',
  'describe_area',
  'find_street',
  'find_area',
];

const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
addFormats.default(ajv);

let server: TestServer;
let client: Client;
let tools: Map<string, Tool>;
let args: Record<string, Record<string, unknown>>;
// Bytes of each tools/list response body as the client received it over HTTP.
const listBytes: number[] = [];

// checkedFetch, also weighing the tools/list answers: what an agent's context pays before its first call.
const weighingFetch: typeof fetch = async (input, init) => {
  const response = await checkedFetch(input, init);
  if (typeof init?.body === 'string' && init.body.includes('"tools/list"')) {
    listBytes.push((await response.clone().arrayBuffer()).byteLength);
  }
  return response;
};

// Real arguments, found in the demo release the server serves.
async function demoArguments(): Promise<Record<string, Record<string, unknown>>> {
  const { release, store } = await testRelease();
  const light = release.scenes.light;
  const row = release.scenes.rowOf[0] as number;
  const scene = { lat: light.lats[row] as number, lon: light.lons[row] as number };
  const change = release.changes.rows[0];
  const amenity = release.amenities.get('vending_machine')?.rows[0];
  const street = release.streets.rows.find((candidate) => candidate.has_karte) ?? release.streets.rows[0];
  const area = release.areas.rows.find((candidate) => candidate.has_karte) ?? release.areas.rows[0];
  const [school] = await store.query<{ name: string }>('SELECT name FROM schools WHERE release_id = $1 LIMIT 1', [
    release.record.release_id,
  ]);
  if (!change || !amenity || !street || !area || !school) throw new Error('the demo release lacks a record kind');
  return {
    get_metadata: {},
    find_school: { q: school.name.slice(0, 3) },
    coverage: { ...scene, radius_m: 300 },
    describe_location: { ...scene, radius_m: 200 },
    get_scene: { id: light.ids[row] as string, include: 'metadata,analysis' },
    changes_near: { lat: change.lat, lon: change.lon, radius_m: 1000 },
    find_amenities: { lat: amenity.lat, lon: amenity.lon, kind: 'vending_machine', radius_m: 500, limit: 5 },
    describe_street: { street_id: street.street_id, include: 'profile' },
    describe_area: { town_key: area.town_key },
    find_street: { q: street.name.slice(0, 2) },
    find_area: { q: area.name.slice(0, 2) },
  };
}

beforeAll(async () => {
  server = await startTestServer();
  args = await demoArguments();
  client = new Client({ name: 'machimi-test-agent', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { fetch: weighingFetch });
  await client.connect(transport);
  tools = new Map((await client.listTools()).tools.map((tool) => [tool.name, tool]));
});
afterAll(async () => {
  await client?.close();
  await server?.close();
});

describe('an agent session over streamable HTTP (official SDK client)', () => {
  it('initializes: the SDK asks for its newest version and gets 2025-06-18, with tools and instructions', () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'machimi' });
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    expect(client.getInstructions()).toMatch(/not recorded/);
  });

  it('lists the 11 tools with title, description, schemas and read-only annotations', () => {
    expect([...tools.keys()].sort()).toEqual([...toolNames].sort());
    for (const tool of tools.values()) {
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.description?.length, tool.name).toBeGreaterThan(80);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      expect(JSON.stringify(tool.inputSchema)).not.toContain('$ref');
      expect(JSON.stringify(tool.outputSchema)).not.toContain('$ref');
      expect(tool.annotations).toMatchObject({
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      });
    }
  });

  it('tools/list costs an agent at most 32 KB, every schema and description included', () => {
    expect(listBytes).toHaveLength(1);
    expect(listBytes[0]).toBeGreaterThan(0);
    expect(listBytes[0]).toBeLessThanOrEqual(32 * 1024);
  });

  it('takes its titles and descriptions from x-mcp-tool and x-mcp-composite-tools of the spec', () => {
    const spec = loadSpec(specFiles.placeLookup);
    const declared = [
      ...spec.operations.flatMap((operation) => (operation.raw['x-mcp-tool'] ? [operation.raw['x-mcp-tool']] : [])),
      ...((spec.document['x-mcp-composite-tools'] as unknown[]) ?? []),
    ] as { name: string; title: string; description: string }[];
    expect(declared).toHaveLength(11);
    for (const { name, title, description } of declared) {
      expect(tools.get(name)).toMatchObject({ title, description: description.trim() });
    }
  });

  it('describes lat/lon as JSON numbers with their ranges and requires path parameters', () => {
    for (const name of ['coverage', 'describe_location', 'changes_near', 'find_amenities']) {
      const properties = tools.get(name)?.inputSchema.properties as Record<string, any>;
      expect(properties.lat).toMatchObject({ type: 'number', minimum: -90, maximum: 90 });
      expect(properties.lon).toMatchObject({ type: 'number', minimum: -180, maximum: 180 });
      expect(tools.get(name)?.inputSchema.required).toEqual(expect.arrayContaining(['lat', 'lon']));
    }
    expect(tools.get('get_scene')?.inputSchema.required).toEqual(['id']);
    expect(tools.get('describe_street')?.inputSchema.required).toEqual(['street_id']);
    expect(tools.get('describe_area')?.inputSchema.required).toEqual(['town_key']);
  });

  it.each(toolNames)(
    '%s answers real demo arguments with structuredContent valid against its outputSchema',
    async (name) => {
      const result = (await client.callTool({ name, arguments: args[name] })) as CallToolResult;
      const text = result.content[0]?.type === 'text' ? result.content[0].text : '';
      expect(result.isError ?? false, text).toBe(false);
      const validate = ajv.compile(tools.get(name)?.outputSchema as object);
      expect(validate(result.structuredContent), ajv.errorsText(validate.errors)).toBe(true);
      expect(text.length).toBeGreaterThan(20);
      const license = server.release.manifest.license;
      expect(text).toContain(`Attribution: ${license.attribution} (licence ${license.id}, ${license.url};`);
      if (process.env.SHOW_MCP_TEXT)
        console.log(`--- ${name}\n${text}\n${Buffer.byteLength(JSON.stringify(result.structuredContent))} bytes`);
    },
  );

  it("get_metadata's text gives the extent and the example point, for an agent that reads only the text", async () => {
    const result = (await client.callTool({ name: 'get_metadata', arguments: {} })) as CallToolResult;
    const text = result.content[0]?.type === 'text' ? result.content[0].text : '';
    const { extent, example_point } = result.structuredContent as { extent: number[]; example_point: any };
    expect(text).toContain(`[min_lat, min_lon, max_lat, max_lon] [${extent.join(', ')}]`);
    expect(text).toContain(`Example point with nearby scenes: (${example_point.lat}, ${example_point.lon})`);
  });

  it('logged no structuredContent that breaks its outputSchema', () => {
    expect(server.logLines.filter((line) => String(line.msg).includes('outputSchema'))).toEqual([]);
  });
});

const envelopeKeys = [
  'api_version',
  'data_language',
  'snapshot',
  'request_id',
  'data_as_of',
  'quality_policy',
  'license',
  'note',
  'warnings',
];

async function rest(path: string, query: Record<string, unknown>): Promise<Record<string, any>> {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  const response = await checkedFetch(`${server.url}${path}?${search}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, any>;
}

const withoutRequestId = ({ request_id: _id, ...rest }: Record<string, unknown>) => rest;

// What a tool answers for a REST body: the same body, with a short licence in place of the full one (attribution,
// licence id and URL, obligations, and a pointer to get_metadata, whose own result keeps the full licence).
function asToolResult(name: string, body: Record<string, any>): Record<string, unknown> {
  const same = withoutRequestId(body);
  if (name === 'get_metadata') return same;
  const { id, url, attribution, attribution_en, obligations } = body.license;
  const full_terms = expect.stringContaining('get_metadata');
  return { ...same, license: { id, url, attribution, attribution_en, obligations, full_terms } };
}
const withoutEnvelope = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).filter(([key]) => !envelopeKeys.includes(key)));

async function structured(name: string, toolArgs: Record<string, unknown>): Promise<Record<string, any>> {
  const result = (await client.callTool({ name, arguments: toolArgs })) as CallToolResult;
  expect(result.isError ?? false).toBe(false);
  return result.structuredContent as Record<string, any>;
}

describe('a tool runs the REST route handler (no loopback, same answer)', () => {
  it.each([
    ['coverage', '/v1/coverage'],
    ['changes_near', '/v1/changes/nearby'],
    ['find_amenities', '/v1/amenities/nearby'],
    ['find_street', '/v1/streets/search'],
    ['find_area', '/v1/areas/search'],
    ['find_school', '/v1/schools/search'],
    ['get_metadata', '/v1/meta'],
  ])('%s equals GET %s for the same arguments, envelope included (short licence)', async (name, path) => {
    const toolArgs = args[name] as Record<string, unknown>;
    expect(withoutRequestId(await structured(name, toolArgs))).toEqual(asToolResult(name, await rest(path, toolArgs)));
  });

  it('get_scene, describe_street and describe_area equal their REST detail routes', async () => {
    const { id, ...sceneQuery } = args.get_scene as { id: string };
    const scene = await structured('get_scene', args.get_scene as Record<string, unknown>);
    expect(withoutRequestId(scene)).toEqual(asToolResult('get_scene', await rest(`/v1/scenes/${id}`, sceneQuery)));
    const { street_id, ...streetQuery } = args.describe_street as { street_id: number };
    const street = await structured('describe_street', args.describe_street as Record<string, unknown>);
    const streetBody = await rest(`/v1/streets/${street_id}`, streetQuery);
    expect(withoutRequestId(street)).toEqual(asToolResult('describe_street', streetBody));
    const { town_key } = args.describe_area as { town_key: string };
    const area = await structured('describe_area', args.describe_area as Record<string, unknown>);
    expect(withoutRequestId(area)).toEqual(asToolResult('describe_area', await rest(`/v1/areas/${town_key}`, {})));
  });

  it('describe_location is the four REST bodies for the point, with its lists capped and said so', async () => {
    const { lat, lon, radius_m } = args.describe_location as { lat: number; lon: number; radius_m: number };
    const location = await structured('describe_location', { lat, lon, radius_m });
    const scenes = await rest('/v1/scenes/nearby', { lat, lon, radius_m, limit: 50 });
    const streets = await rest('/v1/streets/nearby', { lat, lon, radius_m, limit: 20 });
    expect(location.scenes.results).toEqual(scenes.results.slice(0, 5));
    expect(location.scenes.count).toBe(location.scenes.results.length);
    expect(location.capped.scenes).toBe(scenes.results.length > 5);
    expect(location.streets.streets).toEqual(streets.streets.slice(0, 3));
    expect(location.streets.unnamed_edges).toEqual(streets.unnamed_edges.slice(0, 3));
    expect(location.capped.unnamed_edges).toBe(streets.unnamed_edges.length > 3);
    expect(location.area).toEqual(withoutEnvelope(await rest('/v1/areas/at', { lat, lon })));
    const coverage = await rest('/v1/coverage', { lat, lon, radius_m });
    expect(location.coverage).toEqual(withoutEnvelope(coverage));
    expect(location.license).toEqual(asToolResult('coverage', coverage).license);
    expect(location.snapshot).toBe(server.release.record.release_id);
  });
});

describe('tool errors an agent can recover from', () => {
  it('out-of-range arguments are isError naming the valid range, without structuredContent', async () => {
    const result = (await client.callTool({
      name: 'coverage',
      arguments: { lat: 35.7, lon: 139.7, radius_m: 5000 },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(result.content[0]).toMatchObject({ type: 'text', text: expect.stringMatching(/radius_m.*1\.\.1000/) });
  });

  it('lat sent as a string is isError saying a number is expected', async () => {
    const result = (await client.callTool({
      name: 'coverage',
      arguments: { lat: '35.7', lon: 139.7 },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toMatch(/lat must be number/);
  });

  it('an unknown enum value lists the valid values', async () => {
    const result = (await client.callTool({
      name: 'find_amenities',
      arguments: { lat: 35.7, lon: 139.7, kind: 'atm' },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toMatch(/vending_machine, toilet, bench/);
  });

  it('a misspelt argument is named with the list of valid ones', async () => {
    const result = (await client.callTool({ name: 'get_scene', arguments: { scene_id: '1' } })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toMatch(/Unknown argument scene_id.*Valid arguments: id/);
  });

  it('an unknown tool is isError naming the available tools', async () => {
    const result = (await client.callTool({ name: 'describe_city', arguments: {} })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(JSON.stringify(result.content)).toMatch(/describe_location/);
  });

  it('an id not in the release says where valid ids come from', async () => {
    const result = (await client.callTool({
      name: 'get_scene',
      arguments: { id: '9999999999999999999' },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(JSON.stringify(result.content)).toMatch(/describe_location/);
  });

  it('a street_id not in the layer points to find_street', async () => {
    const result = (await client.callTool({
      name: 'describe_street',
      arguments: { street_id: 2147483647 },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toMatch(/find_street/);
  });
});
