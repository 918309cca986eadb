#!/usr/bin/python3
# SPDX-License-Identifier: MIT
# Copyright 2026 The Ember Authors
"""Fails when a specification in Documentation/ is not valid reStructuredText.

The kernel's documentation build renders these files; a malformed table or
a broken section underline silently turns part of the contract into a
paragraph of noise there. docutils (Debian's python3-docutils) parses each
file as the kernel's Sphinx build would see its plain-rst part, and every
warning or error it reports fails the check, with the file and line.
"""

import io
import sys

import docutils.core
import docutils.nodes

WARNING = 2


def problems(path):
    """Yields the first line of each warning or error docutils reports in path."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    tree = docutils.core.publish_doctree(
        text, source_path=path,
        settings_overrides={"report_level": 5, "halt_level": 5,
                            "warning_stream": io.StringIO()})
    for msg in tree.traverse(docutils.nodes.system_message):
        if msg["level"] >= WARNING:
            # astext() begins "path:line: (LEVEL/n) message".
            yield msg.astext().splitlines()[0]


def main(paths):
    failed = 0
    for path in paths:
        found = list(problems(path))
        for p in found:
            print(p)
        print(f"{'not ok' if found else 'ok'} - {path}")
        failed += bool(found)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
