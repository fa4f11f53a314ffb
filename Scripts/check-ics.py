#!/usr/bin/env python3
"""Checks an .ics file written by `ingest calendar` with parsers that are not ingest's own.

Usage: check-ics.py CALENDAR.ics EXPECTED.json

EXPECTED.json (written by the Swift test CalendarParserTests) holds the window to expand,
the reminders asked for and, per event UID, the renewal dates ingest computes in that window:

  {"from": "2028-01-01", "through": "2029-12-31", "reminders": [0, 1, 3, 7],
   "remindAt": "09:00", "events": {"0123abcd…@ingest": ["2028-01-31", "2028-02-29", …]}}

The file must be CRLF lines of at most 75 octets that each decode as UTF-8 (folding never cuts
a character); `icalendar` parses it and `recurring-ical-events` expands the RRULEs. Every
event's dates in the window must equal ingest's, and each VALARM's TRIGGER, added to the
all-day start (local midnight), must land on the reminder day at the asked time.
Prints the figures; exits 1 on any difference. Test tool only: ingest never runs Python.
"""
import datetime as dt
import json
import sys

import icalendar
import recurring_ical_events


def main(ics_path, expected_path):
    raw = open(ics_path, "rb").read()
    expected = json.load(open(expected_path, encoding="utf-8"))
    problems = []

    lines = raw.split(b"\r\n")
    if lines[-1] != b"":
        problems.append("the file does not end with CRLF")
    for number, line in enumerate(lines[:-1], 1):
        if b"\n" in line or b"\r" in line:
            problems.append(f"line {number}: a bare LF or CR")
        if len(line) > 75:
            problems.append(f"line {number}: {len(line)} octets (at most 75)")
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            problems.append(f"line {number}: folding cut a UTF-8 sequence")

    calendar = icalendar.Calendar.from_ical(raw)
    start = dt.date.fromisoformat(expected["from"])
    through = dt.date.fromisoformat(expected["through"])
    found = {}
    for event in recurring_ical_events.of(calendar).between(start, through + dt.timedelta(days=1)):
        day = event.decoded("DTSTART")
        if isinstance(day, dt.datetime):
            problems.append(f"{event['UID']}: DTSTART is a date-time, not an all-day date")
            day = day.date()
        found.setdefault(str(event["UID"]), []).append(day.isoformat())

    wanted = expected["events"]
    occurrences = sum(len(v) for v in wanted.values())
    mismatched = 0
    for uid in sorted(set(wanted) | set(found)):
        want, got = sorted(wanted.get(uid, [])), sorted(found.get(uid, []))
        if want != got:
            mismatched += 1
            extra = sorted(set(got) - set(want))[:5]
            missing = sorted(set(want) - set(got))[:5]
            problems.append(f"{uid}: ingest has {len(want)} dates, the parser {len(got)}; "
                            f"missing {missing}, extra {extra}")

    hours, minutes = (int(x) for x in expected["remindAt"].split(":"))
    wanted_triggers = sorted(dt.timedelta(days=-d, hours=hours, minutes=minutes) for d in expected["reminders"])
    alarms = 0
    uids = []
    for event in calendar.walk("VEVENT"):
        uids.append(str(event["UID"]))
        triggers = sorted(a.decoded("TRIGGER") for a in event.walk("VALARM"))
        alarms += len(triggers)
        if triggers != wanted_triggers:
            problems.append(f"{event['UID']}: triggers {triggers}, expected {wanted_triggers}")
    if len(uids) != len(set(uids)):
        problems.append("event UIDs repeat")

    print(f"check-ics: {len(uids)} events, {len(found)} with renewals in {start}..{through}, "
          f"{occurrences} renewals compared, {mismatched} events differ, {alarms} alarms checked")
    for p in problems[:40]:
        print("check-ics: " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2]))
