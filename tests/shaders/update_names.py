#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Rewrites corpus_names in meson.build from corpus/*.comp (run it from
# tests/shaders after adding or removing a shader).
import glob, os, re
names = sorted(os.path.basename(p)[:-5] for p in glob.glob('corpus/*.comp'))
s = open('meson.build').read()
s = re.sub(r"corpus_names = \[\n.*?\]", "corpus_names = [\n" + "".join("  '%s',\n" % n for n in names) + "]", s, flags=re.S)
open('meson.build', 'w').write(s)
