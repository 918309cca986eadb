import glob, os, re
names = sorted(os.path.basename(p)[:-5] for p in glob.glob('corpus/*.comp'))
s = open('meson.build').read()
s = re.sub(r"corpus_names = \[\n.*?\]", "corpus_names = [\n" + "".join("  '%s',\n" % n for n in names) + "]", s, flags=re.S)
open('meson.build', 'w').write(s)
