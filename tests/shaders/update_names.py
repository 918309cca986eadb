#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Rewrites corpus_names and corpus_asm_names in meson.build from
# corpus/*.comp and corpus/*.spvasm (run it from tests/shaders after adding
# or removing a shader).
import glob, os, re
s = open('meson.build').read()
for var, ext in (('corpus_names', '.comp'), ('corpus_asm_names', '.spvasm')):
    names = sorted(os.path.basename(p)[:-len(ext)] for p in glob.glob('corpus/*' + ext))
    s = re.sub(var + r" = \[\n.*?\]", var + " = [\n" + "".join("  '%s',\n" % n for n in names) + "]",
               s, flags=re.S)
open('meson.build', 'w').write(s)
