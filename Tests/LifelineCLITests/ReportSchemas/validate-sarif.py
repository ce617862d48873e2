#!/usr/bin/env python3
"""Validates SARIF logs against the OASIS SARIF 2.1.0 JSON schema, formats included.

    validate-sarif.py SCHEMA FILE...

Prints one located error per problem (FILE: error: at /runs/0/results/3: ...) and exits 1
if any file is invalid, 2 if the validator itself cannot run. The schema's "uri",
"uri-reference" and "date-time" formats are checked, not ignored: jsonschema only checks a
format whose checker package is installed (rfc3986-validator, rfc3339-validator), so a
missing one is an error here rather than a silently weaker check.
"""
import json
import sys

try:
    import jsonschema
except ImportError:
    sys.exit("validate-sarif: error: python module 'jsonschema' missing (pip install jsonschema)")

REQUIRED_FORMATS = {"uri", "uri-reference", "date-time"}


def main(argv):
    if len(argv) < 3:
        sys.exit("usage: validate-sarif.py SCHEMA FILE...")
    with open(argv[1], encoding="utf-8") as handle:
        schema = json.load(handle)
    checker = jsonschema.Draft7Validator.FORMAT_CHECKER
    missing = REQUIRED_FORMATS - set(checker.checkers)
    if missing:
        print(
            "validate-sarif: error: no checker for format(s) " + ", ".join(sorted(missing))
            + " (pip install rfc3986-validator rfc3339-validator)",
            file=sys.stderr,
        )
        return 2
    jsonschema.Draft7Validator.check_schema(schema)
    validator = jsonschema.Draft7Validator(schema, format_checker=checker)
    invalid = False
    for path in argv[2:]:
        try:
            with open(path, encoding="utf-8") as handle:
                document = json.load(handle)
        except (OSError, ValueError) as error:
            print(f"{path}: error: {error}")
            invalid = True
            continue
        for error in sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path)):
            pointer = "/" + "/".join(str(part) for part in error.absolute_path)
            print(f"{path}: error: at {pointer}: {error.message}")
            invalid = True
    return 1 if invalid else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
