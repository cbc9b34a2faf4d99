"""Schemathesis hooks: cross-field rules of the contract that no JSON Schema can state, stateful chains that start
from the specs' named examples, and the negative-input check of POST /mcp with the JSON-RPC batch rule.

Loaded through `hooks` in schemathesis.toml. They touch only positive cases (requests meant to be valid), so
negative testing still sends every violation it likes.
"""

import schemathesis
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.generation.meta import TestPhase
from schemathesis.specs.openapi.checks import negative_data_rejection


def _is_positive(case) -> bool:
    meta = case.meta
    return meta is None or meta.generation.mode == GenerationMode.POSITIVE


def _as_year(value):
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.isdigit():
        return int(value)
    return None


@schemathesis.hook
def map_case(context, case):
    # /v1 contract: "year_to below year_from" is 400 invalid_parameter. Each bound alone is valid, so a generated
    # valid case may hold them in the wrong order; put them in order instead of dropping the case.
    if _is_positive(case) and isinstance(case.query, dict):
        low, high = _as_year(case.query.get("year_from")), _as_year(case.query.get("year_to"))
        if low is not None and high is not None and high < low:
            case.query["year_from"], case.query["year_to"] = case.query["year_to"], case.query["year_from"]
    # Scenery search contract: a bbox with west above east (across the antimeridian) or south above north is 400
    # invalid_parameter. Each bound alone is valid; put each pair in order.
    if _is_positive(case) and case.operation.path == "/explore/api/search" and isinstance(case.body, dict):
        box = case.body.get("bbox")
        if isinstance(box, list) and len(box) == 4 and all(_is_number(bound) for bound in box):
            west, south, east, north = box
            case.body["bbox"] = [min(west, east), min(south, north), max(west, east), max(south, north)]
    # Map tiles: x and y beyond 2^z - 1 are 400 invalid_parameter. Each alone is valid (the schema bounds them by the
    # deepest zoom); wrap them into the zoom's range.
    if _is_positive(case) and case.operation.path == "/map/api/tiles/{layer}/{z}/{x}/{y}" and isinstance(
        case.path_parameters, dict
    ):
        # The coverage phase sends path values as text.
        z = _as_whole(case.path_parameters.get("z"))
        if z is not None and z <= 20:
            for name in ("x", "y"):
                value = _as_whole(case.path_parameters.get(name))
                if value is not None:
                    case.path_parameters[name] = value % (2**z)
    return case


def _as_whole(value):
    if isinstance(value, bool):
        return None
    if isinstance(value, int) and value >= 0:
        return value
    if isinstance(value, str) and value.isdigit():
        return int(value)
    return None


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


@schemathesis.hook
def filter_case(context, case):
    # NextPage link: `pagination.next_request` is null on the last page (documented), and a null body is not a
    # search request, so a positive step that would send it is dropped.
    if case.operation.path == "/explore/api/search" and case.body is None and _is_positive(case):
        return False
    return True


JSON_RPC_INVALID_REQUEST = -32600


def _answers_invalid_request_in_place(response) -> bool:
    try:
        replies = response.json()
    except ValueError:
        return False
    return isinstance(replies, list) and any(
        isinstance(reply, dict)
        and isinstance(reply.get("error"), dict)
        and reply["error"].get("code") == JSON_RPC_INVALID_REQUEST
        for reply in replies
    )


@schemathesis.check
def mcp_negative_data_rejection(ctx, response, case):
    """negative_data_rejection for POST /mcp, where schemathesis.toml switches the built-in off.

    Invalid input to /mcp must be a 4xx like anywhere else, with the one exception the spec states: JSON-RPC 2.0
    answers a batch entry by entry, so a malformed entry in a batch that also holds a request gets its -32600 error
    response in place, inside the HTTP 200 that carries the answers to the batch's requests. A negative batch answered
    200 passes only when the answer holds such an error; everything else goes through the built-in check.
    """
    if case.operation.path != "/mcp" or case.meta is None or not case.meta.generation.mode.is_negative:
        return None
    if isinstance(case.body, list) and response.status_code == 200 and _answers_invalid_request_in_place(response):
        return None
    return negative_data_rejection(ctx, response, case)


def _is_stateful_positive(case) -> bool:
    meta = case.meta
    return (
        meta is not None and meta.phase.name == TestPhase.STATEFUL and meta.generation.mode == GenerationMode.POSITIVE
    )


def _resolve(document: dict, value):
    while isinstance(value, dict) and isinstance(value.get("$ref"), str) and value["$ref"].startswith("#/"):
        target = document
        for part in value["$ref"][2:].split("/"):
            target = target[part.replace("~1", "/").replace("~0", "~")]
        value = target
    return value


_link_targets_by_spec: dict[int, set[str]] = {}


def _is_link_target(operation) -> bool:
    """Whether some response link of the spec feeds this operation (targets are computed once per loaded spec)."""
    document = operation.schema.raw_schema
    if id(document) not in _link_targets_by_spec:
        targets = set()
        for path_item in document.get("paths", {}).values():
            for method_item in path_item.values():
                if not isinstance(method_item, dict):
                    continue
                for response in method_item.get("responses", {}).values():
                    for link in _resolve(document, response).get("links", {}).values():
                        targets.add(_resolve(document, link).get("operationId"))
        _link_targets_by_spec[id(document)] = targets
    return operation.definition.raw.get("operationId") in _link_targets_by_spec[id(document)]


def _named_query_examples(operation) -> list[dict]:
    """The operation's named query examples, grouped by name: one group is one coherent set of values."""
    groups: dict[str, dict] = {}
    for parameter in operation.query:
        for name, value in parameter.named_examples.items():
            groups.setdefault(name, {})[parameter.name] = value
    return list(groups.values())


def _named_body_examples(operation) -> list:
    return [value for body in operation.body for value in body.named_examples.values() if isinstance(value, dict)]


def _with_query_example(case, group: dict, keep_optional: bool):
    required = {parameter.name for parameter in case.operation.query if parameter.is_required}
    kept = {name: value for name, value in (case.query or {}).items() if keep_optional or name in required}
    case.query = {**kept, **group}
    return case


def _with_body_example(case, body: dict):
    case.body = dict(body)
    return case


# Share of positive stateful cases, among operations with named examples, that send one (3 out of 4).
EXAMPLE_SHARE_OF = (3, 4)


@schemathesis.hook
def flatmap_case(context, case):
    # Stateful phase only. The nearby and search operations start the chains that follow the specs' links, but random
    # coordinates almost never fall inside the served city, so no id comes back to follow. The specs give points and
    # search words of the demo city as named examples, the same name on each parameter of a set (lat, lon, radius_m).
    # Three in four positive stateful cases of an operation that has them send one set as a whole:
    # - a chain's first operation (no link feeds it) sends the set and only the required parameters besides, so its
    #   answer has ids to follow; its request body becomes one of the named body examples;
    # - an operation that links feed keeps everything and only takes the set on top (GET /v1/streets/{id} then asks
    #   for include=profile,edges, which the StreetEdge link needs); its body is left alone (NextPage sends one).
    # The fourth stays fully random. Drawn through hypothesis, so a seeded run stays reproducible.
    if not _is_stateful_positive(case):
        return st.just(case)
    first_in_chain = not _is_link_target(case.operation)
    variants = []
    query_groups = _named_query_examples(case.operation)
    if query_groups:
        variants.append(
            st.sampled_from(query_groups).map(lambda group: _with_query_example(case, group, not first_in_chain))
        )
    body_examples = _named_body_examples(case.operation) if first_in_chain else []
    if body_examples:
        variants.append(st.sampled_from(body_examples).map(lambda body: _with_body_example(case, body)))
    if not variants:
        return st.just(case)
    examples = st.one_of(*variants)
    return st.integers(min_value=0, max_value=EXAMPLE_SHARE_OF[1] - 1).flatmap(
        lambda draw: examples if draw < EXAMPLE_SHARE_OF[0] else st.just(case)
    )
