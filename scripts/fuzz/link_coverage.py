"""Per-link summary of a schemathesis stateful run, read from its NDJSON event report.

Usage: link_coverage.py SPEC EVENTS.ndjson
For every OpenAPI link in SPEC: how many steps applied it, and how many of those the target answered 2xx.
schemathesis itself prints only the number of links covered; this names the ones that were not.
"""

import json
import sys
from collections import Counter

import yaml


def resolve(document, value):
    while isinstance(value, dict) and isinstance(value.get("$ref"), str) and value["$ref"].startswith("#/"):
        target = document
        for part in value["$ref"][2:].split("/"):
            target = target[part.replace("~1", "/").replace("~0", "~")]
        value = target
    return value


def list_links(document) -> list[str]:
    """Link ids as schemathesis names them: `METHOD /path -> [status] Name -> METHOD /target`."""
    by_operation_id = {}
    for path, path_item in document.get("paths", {}).items():
        for method, operation in path_item.items():
            if isinstance(operation, dict) and "operationId" in operation:
                by_operation_id[operation["operationId"]] = f"{method.upper()} {path}"
    links = []
    for path, path_item in document.get("paths", {}).items():
        for method, operation in path_item.items():
            if not isinstance(operation, dict):
                continue
            for status, response in operation.get("responses", {}).items():
                for name, link in resolve(document, response).get("links", {}).items():
                    target = by_operation_id.get(resolve(document, link).get("operationId"), "?")
                    links.append(f"{method.upper()} {path} -> [{status}] {name} -> {target}")
    return links


def count_transitions(events_path: str) -> tuple[Counter, Counter]:
    applied, succeeded = Counter(), Counter()
    with open(events_path, encoding="utf-8") as events:
        for line in events:
            if '"transition"' not in line:
                continue
            event = json.loads(line).get("ScenarioFinished")
            if not event or event.get("phase") != "stateful":
                continue
            recorder = event["recorder"]
            for case_id, case in recorder["cases"].items():
                transition = case.get("transition")
                if not transition or not case.get("is_transition_applied"):
                    continue
                applied[transition["id"]] += 1
                response = (recorder["interactions"].get(case_id) or {}).get("response") or {}
                if 200 <= response.get("status_code", 0) < 300:
                    succeeded[transition["id"]] += 1
    return applied, succeeded


def main() -> None:
    spec_path, events_path = sys.argv[1], sys.argv[2]
    with open(spec_path, encoding="utf-8") as spec:
        links = list_links(yaml.safe_load(spec))
    applied, succeeded = count_transitions(events_path)
    covered = sum(1 for link in links if applied[link])
    print(f"Stateful link coverage for {spec_path}: {covered} of {len(links)} links followed")
    for link in links:
        mark = "✓" if applied[link] else "✗"
        print(f"  {mark} {applied[link]:4d} steps, {succeeded[link]:4d} answered 2xx  {link}")


if __name__ == "__main__":
    main()
