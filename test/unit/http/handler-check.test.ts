import { describe, expect, it } from 'vitest';
import { checkHandlers, expectedHandlers } from '../../../core/http/handler-check.ts';
import { loadSpec } from '../../../core/spec.ts';
import { loadHandlers } from '../../../handlers/load.ts';

const place = loadSpec('place-lookup.openapi.yaml');
const explore = loadSpec('scenery-search.openapi.yaml');
const service = loadSpec('service.openapi.yaml');
const map = loadSpec('map.openapi.yaml');
const handler = () => ({});

describe('handlers match operations one to one', () => {
  it('the handlers folder of each face has exactly one handler per non-alias operation', async () => {
    expect(() => checkHandlers('handlers/place-lookup', place, {})).toThrow(/missing handler/);
    const placeLookupHandlers = await loadHandlers('place-lookup');
    expect(Object.keys(placeLookupHandlers).sort()).toEqual(expectedHandlers(place));
    const scenerySearchHandlers = await loadHandlers('scenery-search');
    expect(Object.keys(scenerySearchHandlers).sort()).toEqual(expectedHandlers(explore));
    const serviceHandlers = await loadHandlers('service');
    expect(Object.keys(serviceHandlers).sort()).toEqual(expectedHandlers(service));
    const mapHandlers = await loadHandlers('map');
    expect(Object.keys(mapHandlers).sort()).toEqual(expectedHandlers(map));
  });

  it('aliases and the MCP endpoint need no handler of their own', () => {
    const expected = expectedHandlers(place);
    expect(expected).not.toContain('get_scene_alias');
    expect(expected).not.toContain('search_amenities_alias');
    expect(expected).not.toContain('call_mcp');
    expect(expected).toContain('get_scene');
  });

  it('a missing handler is an error naming the file to add', () => {
    const handlers = Object.fromEntries(expectedHandlers(place).map((id) => [id, handler]));
    delete handlers.get_meta;
    expect(() => checkHandlers('handlers/place-lookup', place, handlers)).toThrow(
      /missing handler: add handlers\/place-lookup\/get_meta\.ts/,
    );
  });

  it('an extra handler is an error naming the file', () => {
    const handlers = Object.fromEntries(expectedHandlers(place).map((id) => [id, handler]));
    expect(() => checkHandlers('handlers/place-lookup', place, { ...handlers, get_weather: handler })).toThrow(
      /extra handler: handlers\/place-lookup\/get_weather\.ts/,
    );
  });
});
