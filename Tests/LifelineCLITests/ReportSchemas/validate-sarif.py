#!/usr/bin/python3
"""Validates SARIF logs against the OASIS SARIF 2.1.0 JSON schema, formats included.

    validate-sarif.py SCHEMA FILE...

Prints one located error per problem (FILE: error: at /runs/0/results/3: ...) and exits 1
if any file is invalid, 2 if the validator itself cannot run. The schema's "uri",
"uri-reference" and "date-time" formats are checked, not ignored: jsonschema only checks a
format whose checker package is installed, so a missing one is an error here rather than a
silently weaker check.

Runs on the system's Python with Debian's packages (apt-get install python3-jsonschema
python3-rfc3987; see README), no pip: rfc3987 checks "uri" and "uri-reference". Debian has
no package for the checker jsonschema uses for "date-time" (rfc3339-validator), so when
jsonschema has none, RFC 3339's date-time grammar is checked here.
"""
import datetime
import json
import re
import sys

try:
    import jsonschema
except ImportError:
    sys.exit("validate-sarif: error: python module 'jsonschema' missing (apt-get install python3-jsonschema)")

REQUIRED_FORMATS = {"uri", "uri-reference", "date-time"}

# RFC 3339 section 5.6 date-time: full-date "T" full-time, with a fraction and an offset or Z.
RFC3339_DATE_TIME = re.compile(
    r"^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-](\d{2}):(\d{2}))$"
)


def is_rfc3339_date_time(instance):
    """True for a valid RFC 3339 date-time; non-strings pass, as jsonschema's own checkers do."""
    if not isinstance(instance, str):
        return True
    match = RFC3339_DATE_TIME.match(instance)
    if not match:
        return False
    year, month, day, hour, minute, second = (int(match.group(i)) for i in range(1, 7))
    try:
        datetime.date(year, month, day)
    except ValueError:
        return False
    if match.group(9) is not None and (int(match.group(9)) > 23 or int(match.group(10)) > 59):
        return False
    # A leap second (60) is valid in RFC 3339.
    return hour <= 23 and minute <= 59 and second <= 60


def main(argv):
    if len(argv) < 3:
        sys.exit("usage: validate-sarif.py SCHEMA FILE...")
    with open(argv[1], encoding="utf-8") as handle:
        schema = json.load(handle)
    checker = jsonschema.Draft7Validator.FORMAT_CHECKER
    if "date-time" not in checker.checkers:
        checker.checks("date-time")(is_rfc3339_date_time)
    missing = REQUIRED_FORMATS - set(checker.checkers)
    if missing:
        print(
            "validate-sarif: error: no checker for format(s) " + ", ".join(sorted(missing))
            + " (apt-get install python3-rfc3987)",
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
