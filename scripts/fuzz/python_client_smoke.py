"""Smoke run of the Python client packages (openapi-python-client, one per spec) against a live server.

Usage: python_client_smoke.py BASE_URL, with a Python where the wheels of `npm run clients` are installed (the
clients stage of npm test, scripts/clients/check.ts, installs them into a fresh virtualenv). Calls a few operations
through them, asserting on the parsed models. Exit 0 when every check passed.

Known generator limitation (openapi-python-client 0.29.1), not a fault of the spec: the scenery-search error
responses narrow `code` and `retryable` with `allOf` (an enum or const over the base ExploreError), which the generator
cannot merge, so it leaves them out: a 4xx there comes back with `parsed` None and is checked by status and raw JSON.
Two spec details are written in forms it can read, with the same meaning (see spec/scenery-search.openapi.yaml):
`items: false` next to maxItems on Bbox, and the "query or preset" rule of SearchRequest as if/then instead of anyOf.
"""

import json
import sys
import time


def check(condition: bool, message: str) -> None:
    if not condition:
        raise AssertionError(message)


def smoke_place_lookup(base_url: str) -> list[str]:
    from machimi_place_lookup import Client
    from machimi_place_lookup.api.areas import get_area_at
    from machimi_place_lookup.api.catalog import get_meta
    from machimi_place_lookup.api.scenes import get_scene, list_scenes_nearby
    from machimi_place_lookup.models import Error, GetSceneResponse200, ListScenesNearbyResponse200

    client = Client(base_url=base_url, raise_on_unexpected_status=True)
    done = []

    meta = get_meta.sync(client=client)
    check(meta is not None and meta.api_version == "v1", f"GET /v1/meta: {meta!r}")
    check((meta.counts.served_total or 0) > 0, "GET /v1/meta: no scenes served")
    done.append(f"meta: release {meta.release.release_id}, {meta.counts.served_total} scenes served")

    # Coordinates are strings in the generated client: a float goes in with a fixed count of decimals.
    start = {"lat": f"{meta.example_point.lat:.6f}", "lon": f"{meta.example_point.lon:.6f}"}
    nearby = list_scenes_nearby.sync(client=client, radius_m=300, **start)
    check(isinstance(nearby, ListScenesNearbyResponse200), f"GET /v1/scenes/nearby: {nearby!r}")
    check(nearby.count == len(nearby.results) > 0, f"GET /v1/scenes/nearby: no scenes near {start}")
    first = nearby.results[0]
    check(isinstance(first.id, str) and first.id.isdigit(), f"scene id is not a digit string: {first.id!r}")
    check(first.distance_m <= 300, f"scene {first.id} is {first.distance_m} m away, beyond radius_m 300")
    done.append(f"scenes nearby: {nearby.count} scenes, first id {first.id}")

    detail = get_scene.sync(first.id, client=client)
    check(isinstance(detail, GetSceneResponse200), f"GET /v1/scenes/{first.id}: {detail!r}")
    check(detail.scene.id == first.id, f"detail of {first.id} names {detail.scene.id}")
    done.append(f"scene detail: id {detail.scene.id} round-trips as a string")

    area = get_area_at.sync(client=client, **start)
    check(area is not None and area.area is not None and area.area.town_key.isdigit(), f"areas/at: {area!r}")
    done.append(f"area at: {area.area.town_key} {area.area.name}")

    invalid = list_scenes_nearby.sync_detailed(client=client, lat="1e1", lon=start["lon"])
    check(invalid.status_code == 400, f"lat=1e1 answered {invalid.status_code}")
    check(isinstance(invalid.parsed, Error), f"lat=1e1 body did not parse as Error: {invalid.content!r}")
    check(invalid.parsed.error.code.value == "invalid_parameter", f"lat=1e1 code {invalid.parsed.error.code}")
    check(invalid.parsed.error.field == "lat", f"lat=1e1 field {invalid.parsed.error.field!r}")
    done.append("lat=1e1: 400 invalid_parameter naming lat")
    return done


def smoke_scenery_search(base_url: str) -> list[str]:
    from machimi_scenery_search import Client
    from machimi_scenery_search.api.scenery_search import get_scene, search_metadata, search_scenes
    from machimi_scenery_search.models import (
        Detail,
        Metadata,
        PaginationMore,
        SearchMode,
        SearchRequest,
        SearchResponse,
    )

    client = Client(base_url=base_url, raise_on_unexpected_status=False)
    done = []

    metadata = search_metadata.sync(client=client)
    check(isinstance(metadata, Metadata) and metadata.api_version == "explore-v1", f"meta: {metadata!r}")
    done.append(f"explore meta: {len(metadata.search_features.presets)} presets")

    first = search_scenes.sync(client=client, body=SearchRequest(query="石畳の坂道", mode=SearchMode.TEXT, limit=3))
    check(isinstance(first, SearchResponse), f"search: {first!r}")
    check(0 < len(first.results) <= 3, f"search for 石畳の坂道 returned {len(first.results)} results")
    check(
        all(isinstance(scene.id, str) and scene.id.isdigit() for scene in first.results), "result ids are not strings"
    )
    done.append(f"explore search: {len(first.results)} results, first id {first.results[0].id}")

    detail = get_scene.sync(first.results[0].id, client=client)
    check(isinstance(detail, Detail) and detail.id == first.results[0].id, f"explore scene detail: {detail!r}")
    done.append(f"explore scene detail: id {detail.id}")

    pagination = first.pagination
    check(isinstance(pagination, PaginationMore), f"no next page after 3 results: {pagination!r}")
    next_body = SearchRequest.from_dict(pagination.next_request.to_dict())
    check(next_body.cursor == pagination.next_cursor, "next_request does not carry next_cursor")
    second = search_scenes.sync(client=client, body=next_body)
    check(isinstance(second, SearchResponse), f"next page: {second!r}")
    repeated = {scene.id for scene in first.results} & {scene.id for scene in second.results}
    check(not repeated, f"the next page repeats {sorted(repeated)}")
    done.append(f"explore next page (next_request as sent): {len(second.results)} more results")

    rejected = search_scenes.sync_detailed(client=client, body=SearchRequest(query="坂道", limit=99))
    check(rejected.status_code == 400, f"limit 99 answered {rejected.status_code}")
    error = json.loads(rejected.content)
    check(error.get("code") == "invalid_parameter" and error.get("field") == "limit", f"limit 99: {error!r}")
    done.append("explore search with limit 99: 400 invalid_parameter naming limit")
    return done


def main() -> None:
    base_url = sys.argv[1].rstrip("/")
    started = time.monotonic()
    lines = smoke_place_lookup(base_url) + smoke_scenery_search(base_url)
    for line in lines:
        print(f"  ✓ {line}")
    print(f"Python clients (openapi-python-client): {len(lines)} checks passed in {time.monotonic() - started:.1f} s")


if __name__ == "__main__":
    main()
