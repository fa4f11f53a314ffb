#!/usr/bin/env python3
"""Checks `ingest validate` reports: the JSON report against the committed schema
(Sources/Ingest/Resources/validate-report.schema.json, with jsonschema), and the SARIF report
against the SARIF 2.1.0 rules code-scanning views rely on (checked structurally: the OASIS schema
file is not committed, its licence does not clearly allow redistribution).

usage: check_validate_reports.py REPORT.json REPORT.sarif
"""
import json
import sys

import jsonschema


def check_json(path):
    with open("Sources/Ingest/Resources/validate-report.schema.json", encoding="utf-8") as f:
        schema = json.load(f)
    with open(path, encoding="utf-8") as f:
        report = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(report, schema, cls=jsonschema.Draft202012Validator)
    return sum(len(f["findings"]) for f in report["files"])


def check_sarif(path):
    with open(path, encoding="utf-8") as f:
        log = json.load(f)
    assert log["version"] == "2.1.0", "version must be 2.1.0"
    assert isinstance(log["runs"], list) and len(log["runs"]) == 1, "one run"
    run = log["runs"][0]
    driver = run["tool"]["driver"]
    assert isinstance(driver["name"], str) and driver["name"], "tool.driver.name"
    ids = [rule["id"] for rule in driver["rules"]]
    assert len(ids) == len(set(ids)), "rule ids unique"
    for result in run["results"]:
        assert result["level"] in ("none", "note", "warning", "error"), result
        assert ids[result["ruleIndex"]] == result["ruleId"], result
        assert result["message"]["text"], result
        physical = result["locations"][0]["physicalLocation"]
        assert physical["artifactLocation"]["uri"], result
        region = physical.get("region")
        if region is not None:
            assert region["startLine"] >= 1 and region.get("startColumn", 1) >= 1, result
    return len(run["results"])


def main():
    findings = check_json(sys.argv[1])
    results = check_sarif(sys.argv[2])
    assert findings == results, f"JSON has {findings} findings, SARIF {results} results"
    print(f"reports valid: JSON report matches its schema, SARIF 2.1.0 structure ok ({findings} findings)")


if __name__ == "__main__":
    main()
