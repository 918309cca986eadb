#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0 OR MIT
# Copyright 2026 The Ember Authors
"""Generate the Ember hardware-contract C headers from hw/ember_hw.xml.

Every <header> of the description becomes one C header: constants as
#defines (the names the code has always used), bit-field words as compose
and extract macros (usable in constant expressions), and packets and memory
structures as a struct with inline pack/unpack helpers, the way Mesa's
genxml does for intel and panfrost. Python 3 standard library only.

  gen_ember_hw.py XML OUTDIR [HEADER...]   write the headers (all by default)
  gen_ember_hw.py --check XML DIR HEADER...  exit 1 if DIR's copies differ

The kernel's headers (kernel="yes") are committed under kernel/drm_gpu and
must stay checkpatch --strict clean; everything emitted for them follows
kernel style.
"""

import argparse
import difflib
import os
import sys
import textwrap
import xml.etree.ElementTree as ET

PREFIX = 'EMBER_'
VALUE_COLUMN = 40
REGEN_HINT = 'python3 hw/gen_ember_hw.py hw/ember_hw.xml kernel/drm_gpu ember_regs.h ember_packets.h'


class Error(Exception):
    pass


def num(text):
    return int(text, 0)


def tabs_to(text, column):
    """Tabs that bring @text (tabs at 8 columns) to @column, at least one."""
    width = len(text.expandtabs(8))
    out = '\t'
    width = (width // 8 + 1) * 8
    while width < column:
        out += '\t'
        width += 8
    return out


class Writer:
    def __init__(self, kernel):
        self.kernel = kernel
        self.lines = []
        self.u32 = '__u32' if kernel else 'uint32_t'
        self.u64 = '__u64' if kernel else 'uint64_t'

    def out(self, line=''):
        if line == '' and self.lines and self.lines[-1] == '':
            return
        self.lines.append(line)

    def comment(self, text, indent=''):
        """A C comment: one line if it fits in 80 columns, else a block."""
        paragraphs = [p for p in textwrap.dedent(text).strip().split('\n\n')]
        one = ' '.join(paragraphs[0].split())
        if len(paragraphs) == 1 and len(indent.expandtabs(8)) + len(one) + 6 <= 80:
            self.out(f'{indent}/* {one} */')
            return
        self.out(f'{indent}/*')
        for i, para in enumerate(paragraphs):
            if i:
                self.out(f'{indent} *')
            for line in textwrap.wrap(' '.join(para.split()), 72):
                self.out(f'{indent} * {line}')
        self.out(f'{indent} */')

    def signature(self, head, params):
        """A function's first line; the parameters wrap under its '('."""
        line = f'{head}({", ".join(params)})'
        if len(line.expandtabs(8)) <= 100:
            self.out(line)
            return
        column = len(head) + 1
        indent = '\t' * (column // 8) + ' ' * (column % 8)
        if any(len((indent + p + ',').expandtabs(8)) > 100 for p in params[1:]):
            # Too deep to align under '(': the return type on a line of its own.
            ret, name = head.rsplit(' ', 1)
            self.out(ret)
            self.signature(name, params)
            return
        self.out(f'{head}({params[0]},')
        for i, param in enumerate(params[1:]):
            end = ')' if i == len(params) - 2 else ','
            self.out('\t' * (column // 8) + ' ' * (column % 8) + param + end)

    def define(self, name, value, depth=0):
        head = '#define ' + '  ' * depth + name
        line = head + tabs_to(head, VALUE_COLUMN) + value
        if len(line.expandtabs(8)) <= 100:
            self.out(line)
        else:
            self.out(head + ' \\')
            self.out('\t' + value)


def doc_of(node):
    doc = node.get('doc', '')
    since = node.get('since')
    if since and 'since' not in doc.lower():
        doc = (doc + ' ' if doc else '') + f'Since {since}.'
    return doc


def emit_doc(w, node):
    doc = doc_of(node)
    if doc:
        w.comment(doc[0].upper() + doc[1:])


def emit_value(w, node, depth):
    emit_doc(w, node)
    if node.tag == 'bit':
        w.define(PREFIX + node.get('name'), f'BIT({num(node.get("bit"))})', depth)
    else:
        w.define(PREFIX + node.get('name'), node.get('value'), depth)
    for child in node:
        emit_item(w, child, depth + 1)


def field_mask(field):
    return (1 << (num(field.get('high')) - num(field.get('low')) + 1)) - 1


def emit_word(w, node, depth):
    """A 32-bit word of bit fields: NAME(fields...) and NAME_FIELD(word)."""
    name = PREFIX + node.get('name')
    prefix = PREFIX + node.get('field-prefix', node.get('name'))
    arg = node.get('arg', 'v')
    fields = list(node.findall('field'))
    parts = []
    for f in fields:
        low, high, p = num(f.get('low')), num(f.get('high')), f.get('name')
        # The top field needs no mask: the word is 32 bits wide.
        term = f'({p})' if high == 31 else f'(({p}) & {field_mask(f):#x})'
        parts.append(term if low == 0 else f'({term} << {low})')
    emit_doc(w, node)
    params = ', '.join(f.get('name') for f in fields)
    w.define(f'{name}({params})', '(' + ' | '.join(parts) + ')', depth)
    for f in fields:
        low, high = num(f.get('low')), num(f.get('high'))
        if high == 31:
            value = f'(({arg}) >> {low})'
        elif low == 0:
            value = f'(({arg}) & {field_mask(f):#x})'
        else:
            value = f'((({arg}) >> {low}) & {field_mask(f):#x})'
        w.define(f'{prefix}_{f.get("name").upper()}({arg})', value, depth)


def emit_reg(w, node, depth, reg_prefix):
    emit_doc(w, node)
    name = PREFIX + reg_prefix + node.get('name')
    offset = node.get('offset')
    if node.tag == 'reg64':
        w.define(name + '_LO', offset, depth)
        w.define(name + '_HI', f'{num(offset) + 4:#0{len(offset)}x}', depth)
    else:
        w.define(name, offset, depth)
    for child in node:
        emit_item(w, child, depth + 1)


def emit_block(w, node):
    """A register block repeated per ring, context or fault slot."""
    name = node.get('name')
    param = node.get('param')
    emit_doc(w, node)
    w.define(f'{PREFIX}REG_{name}_AREA', node.get('area'))
    w.define(f'{PREFIX}REG_{name}_STRIDE', node.get('stride'))
    head = f'#define {PREFIX}REG_{name}({param}, reg)'
    w.out(f'{head}{tabs_to(head, VALUE_COLUMN)}({PREFIX}REG_{name}_AREA + \\')
    w.out('\t' * (VALUE_COLUMN // 8) + f' ({param}) * {PREFIX}REG_{name}_STRIDE + (reg))')
    for child in node:
        if child.tag in ('reg', 'reg64'):
            emit_reg(w, child, 1, node.get('reg-prefix'))
        else:
            emit_item(w, child, 1)
    if node.get('struct'):
        w.out()
        emit_block_struct(w, node)


def block_fields(node):
    """(name, dword, bits, doc) of each register of a block."""
    fields = []
    for reg in node:
        if reg.tag in ('reg', 'reg64'):
            fields.append((reg.get('name').lower(), num(reg.get('offset')) // 4,
                           64 if reg.tag == 'reg64' else 32, doc_of(reg)))
    return fields


def emit_block_struct(w, node):
    """The block as a struct, packed into its registers' dwords."""
    struct = node.get('struct')
    fields = [{'name': n, 'dword': d, 'bits': b, 'doc': doc, 'low': 0, 'high': b - 1,
               'count': 1} for n, d, b, doc in block_fields(node)]
    emit_struct(w, struct, node.get('struct-doc'), fields,
                num(node.get('stride')) // 4, pack_header=None)


def struct_fields(node):
    fields = []
    for f in node.findall('field'):
        bits = num(f.get('bits', '32'))
        fields.append({'name': f.get('name'), 'dword': num(f.get('dword')),
                       'bits': bits, 'low': num(f.get('low', '0')), 'f32': f.get('type') == 'f32',
                       'high': num(f.get('high', str(min(bits, 32) - 1))),
                       'count': num(f.get('count', '1')), 'doc': doc_of(f)})
    return fields


def c_type(w, field):
    """The narrowest unsigned type that holds the field."""
    if field.get('f32'):
        return 'float'
    width = field['bits'] if field['bits'] == 64 else field['high'] - field['low'] + 1
    for bits, kernel_type, user_type in ((8, '__u8', 'uint8_t'), (16, '__u16', 'uint16_t')):
        if width <= bits:
            return kernel_type if w.kernel else user_type
    return w.u64 if width == 64 else w.u32


def check_layout(name, fields, dwords):
    """Refuse a description whose fields overlap or leave the structure."""
    used = {}
    for f in fields:
        if f['bits'] not in (32, 64) or \
           (f['bits'] == 32 and not 0 <= f['low'] <= f['high'] <= 31):
            raise Error(f'{name}.{f["name"]}: bad bit range')
        for i in range(f['count'] * (2 if f['bits'] == 64 else 1)):
            d = f['dword'] + i
            bits = ((1 << (f['high'] - f['low'] + 1)) - 1) << f['low'] if f['bits'] == 32 \
                else 0xffffffff
            if dwords is not None and d >= dwords:
                raise Error(f'{name}.{f["name"]}: dword {d} is beyond the {dwords} dwords')
            if used.get(d, 0) & bits:
                raise Error(f'{name}.{f["name"]}: overlaps another field in dword {d}')
            used[d] = used.get(d, 0) | bits


def emit_struct(w, name, doc, fields, dwords, pack_header, packet=None):
    """struct NAME plus NAME_pack() and NAME_unpack() over CPU-order dwords.

    @pack_header: (opcode macro, length expression) for a packet, whose
    dwords start with its header; None for a plain structure.
    """
    check_layout(name, fields, dwords)
    members = []
    if packet is not None and packet['flags']:
        members.append(('flags', w.u32, '', 'the header\'s flags.'))
    for f in fields:
        dim = f'[{f["count"]}]' if f['count'] > 1 else ''
        members.append((f['name'], c_type(w, f), dim, f['doc'] or ''))
    w.out('/**')
    w.out(f' * struct {name} - {doc}')
    for m, _, _, mdoc in members:
        w.out(f' * @{m}: {mdoc or m.replace("_", " ") + "."}')
    w.out(' */')
    w.out(f'struct {name} {{')
    for m, ctype, dim, _ in members:
        w.out(f'\t{ctype} {m}{dim};')
    w.out('};')
    w.out()

    base = 1 if pack_header else 0
    u32 = w.u32
    # pack
    ret = 'unsigned int' if pack_header else 'void'
    w.out('/**')
    w.out(f' * {name}_pack() - write @v into @dw')
    w.out(' * @dw: CPU-order dwords' + (', the header first' if pack_header else
                                         f', {dwords} of them'))
    w.out(f' * @v: the {"packet" if pack_header else "values"}; every field is masked to its width')
    if pack_header:
        w.out(' *')
        w.out(' * Return: the packet\'s size in dwords, header included.')
    w.out(' */')
    w.signature(f'static inline {ret} {name}_pack', [f'{u32} *dw', f'const struct {name} *v'])
    w.out('{')
    if pack_header:
        w.out('\tunsigned int len = ' + pack_header[1] + ';')
        w.out()
        flags = 'v->flags' if packet['flags'] else '0'
        w.out(f'\tdw[0] = {PREFIX}PKT({pack_header[0]}, {flags}, len);')
    # The terms of each dword, in field order; fields may share a dword.
    terms = {}
    wide_dword = None
    for f in fields:
        for i in range(f['count']):
            member = f'v->{f["name"]}' + (f'[{i}]' if f['count'] > 1 else '')
            d = base + f['dword'] + i
            if f['bits'] == 64:
                terms.setdefault(d, []).append(f'({u32}){member}')
                terms.setdefault(d + 1, []).append(f'({u32})({member} >> 32)')
                if packet and packet['wide'] and f is fields[-1]:
                    wide_dword = d + 1
            elif f.get('f32'):
                terms.setdefault(d, []).append(f'ember_hw_f32_bits({member})')
            elif f['high'] - f['low'] == 31:
                terms.setdefault(d, []).append(member)
            else:
                mask = (1 << (f['high'] - f['low'] + 1)) - 1
                value = f'({member} & {mask:#x})'
                if f['low']:
                    value = f'({u32}){value} << {f["low"]}'
                terms.setdefault(d, []).append(value)
    for d in sorted(terms):
        indent = '\t'
        if d == wide_dword:
            w.out(f'\tif (v->flags & {PREFIX}{packet["wide"]})')
            indent = '\t\t'
        head = f'{indent}dw[{d}] = '
        w.out(head + (' |\n' + indent + '\t').join(terms[d]) + ';')
    if pack_header:
        w.out('\treturn 1 + len;')
    w.out('}')
    w.out()

    # unpack
    w.out('/**')
    w.out(f' * {name}_unpack() - read @v from @dw')
    w.out(' * @dw: CPU-order dwords' + (', the header first (already checked)' if pack_header
                                         else f', {dwords} of them'))
    w.out(' * @v: the fields')
    w.out(' */')
    w.signature(f'static inline void {name}_unpack', [f'const {u32} *dw', f'struct {name} *v'])
    w.out('{')
    if packet is not None and packet['flags']:
        w.out(f'\tv->flags = {PREFIX}PKT_FLAGS(dw[0]);')
    for f in fields:
        for i in range(f['count']):
            member = f'v->{f["name"]}' + (f'[{i}]' if f['count'] > 1 else '')
            d = base + f['dword'] + i
            if f['bits'] == 64:
                hi = f'({w.u64})dw[{d + 1}] << 32'
                if packet and packet['wide'] and f is fields[-1]:
                    hi = f'(v->flags & {PREFIX}{packet["wide"]} ? {hi} : 0)'
                w.out(f'\t{member} = dw[{d}] | {hi};')
            elif f.get('f32'):
                w.out(f'\t{member} = ember_hw_bits_f32(dw[{d}]);')
            elif f['high'] - f['low'] == 31:
                w.out(f'\t{member} = dw[{d}];')
            else:
                mask = (1 << (f['high'] - f['low'] + 1)) - 1
                if f['high'] == 31:
                    w.out(f'\t{member} = dw[{d}] >> {f["low"]};')
                elif f['low']:
                    w.out(f'\t{member} = (dw[{d}] >> {f["low"]}) & {mask:#x};')
                else:
                    w.out(f'\t{member} = dw[{d}] & {mask:#x};')
    w.out('}')
    w.out()


def emit_packet(w, node):
    space, name = node.get('space'), node.get('name')
    macro = f'{PREFIX}{space}_{name}'
    w.out()
    emit_doc(w, node)
    w.define(macro, node.get('opcode'))
    length = node.get('len')
    if length not in (None, 'any') and not node.get('wide-flag'):
        w.define(f'{macro}_LEN', length, 1)
    children = [c for c in node if c.tag != 'field']
    for child in children:
        emit_item(w, child, 1)
    if node.get('payload-of'):
        emit_packet_alias(w, node, macro)
        return
    fields = struct_fields(node)
    if not fields:
        w.out()
        return
    has_flags = any(c.tag in ('bit', 'value') for c in children) or node.get('wide-flag')
    packet = {'flags': bool(has_flags), 'wide': node.get('wide-flag')}
    if node.get('len-macro'):
        len_expr = f'{PREFIX}{node.get("len-macro")}(v->{node.get("len-field")})'
    elif packet['wide']:
        len_expr = (f'v->flags & {PREFIX}{packet["wide"]} ? {node.get("wide-len")} : '
                    f'{length}')
    else:
        len_expr = f'{macro}_LEN'
    w.out()
    doc = f'the payload of {space}_{name}'
    emit_struct(w, f'ember_{space.lower()}_{name.lower()}', doc, fields, None,
                (macro, len_expr), packet)


def emit_packet_alias(w, node, macro):
    """A packet whose payload is another's: its helpers wrap the other's."""
    space = node.get('space')
    name = f'ember_{space.lower()}_{node.get("name").lower()}'
    other = f'ember_{space.lower()}_{node.get("payload-of").lower()}'
    u32 = w.u32
    w.out()
    w.out('/**')
    w.out(f' * {name}_pack() - write @v as a {space}_{node.get("name")} into @dw')
    w.out(' * @dw: CPU-order dwords, the header first')
    w.out(f' * @v: the packet, whose payload is {space}_{node.get("payload-of")}\'s')
    w.out(' *')
    w.out(' * Return: the packet\'s size in dwords, header included.')
    w.out(' */')
    w.signature(f'static inline unsigned int {name}_pack',
                [f'{u32} *dw', f'const struct {other} *v'])
    w.out('{')
    w.out(f'\tunsigned int size = {other}_pack(dw, v);')
    w.out()
    w.out(f'\tdw[0] = {PREFIX}PKT({macro}, {PREFIX}PKT_FLAGS(dw[0]), {PREFIX}PKT_LEN(dw[0]));')
    w.out('\treturn size;')
    w.out('}')
    w.out()
    w.out('/**')
    w.out(f' * {name}_unpack() - read @v from @dw')
    w.out(' * @dw: CPU-order dwords, the header first (already checked)')
    w.out(' * @v: the fields')
    w.out(' */')
    w.signature(f'static inline void {name}_unpack', [f'const {u32} *dw', f'struct {other} *v'])
    w.out('{')
    w.out(f'\t{other}_unpack(dw, v);')
    w.out('}')
    w.out()


def emit_enum(w, node):
    emit_doc(w, node)
    w.out(f'enum {node.get("c")} {{')
    for v in node.findall('value'):
        w.out(f'\t{PREFIX}{v.get("name")} = {v.get("value")},')
    w.out('};')
    w.out()


def emit_item(w, node, depth=0):
    tag = node.tag
    if tag == 'comment':
        w.out()
        w.comment(node.text)
    elif tag in ('value', 'bit'):
        emit_value(w, node, depth)
    elif tag == 'const':
        emit_doc(w, node)
        w.define(PREFIX + node.get('name'), node.get('value'),
                 num(node.get('depth', str(depth))))
    elif tag == 'macro':
        emit_doc(w, node)
        params = ', '.join(node.get('params').split())
        w.define(f'{PREFIX}{node.get("name")}({params})', node.get('value'),
                 num(node.get('depth', str(depth))))
    elif tag == 'word':
        emit_word(w, node, num(node.get('depth', str(depth))))
    elif tag in ('reg', 'reg64'):
        emit_reg(w, node, depth, 'REG_')
    elif tag == 'array':
        emit_doc(w, node)
        w.define(f'{PREFIX}REG_{node.get("name")}({node.get("param")})',
                 f'({node.get("offset")} + ({node.get("param")}) * {node.get("stride")})', depth)
    elif tag == 'values':
        w.out()
        if node.get('comment'):
            w.comment(node.get('comment'))
        for child in node:
            emit_item(w, child, depth)
    elif tag == 'block':
        emit_block(w, node)
    elif tag == 'packet':
        emit_packet(w, node)
    elif tag == 'enum':
        w.out()
        emit_enum(w, node)
    elif tag == 'struct':
        w.out()
        fields = struct_fields(node)
        emit_struct(w, node.get('c'), node.get('doc').rstrip('.'), fields,
                    num(node.get('dwords')), None)
        w.out(f'#define {PREFIX}{node.get("c")[6:].upper()}_DWORDS\t{node.get("dwords")}')
    elif tag == 'doc':
        pass
    else:
        raise Error(f'unknown element <{tag}>')


def generate(header):
    kernel = header.get('kernel') == 'yes'
    w = Writer(kernel)
    guard = header.get('guard')
    w.out('/* SPDX-License-Identifier: GPL-2.0 OR MIT */')
    w.out('/* Copyright 2026 The Ember Authors */')
    w.out('/* Generated from hw/ember_hw.xml by hw/gen_ember_hw.py: do not edit. */')
    w.out()
    w.out(f'#ifndef {guard}')
    w.out(f'#define {guard}')
    w.out()
    doc = header.find('doc')
    w.out('/**')
    w.out(f' * DOC: {doc.get("title")}')
    w.out(' *')
    for line in textwrap.dedent(doc.text).strip().split('\n'):
        w.out(f' * {line}'.rstrip())
    w.out(' */')
    w.out()
    if kernel:
        w.out('#ifdef __KERNEL__')
        w.out('#include <linux/bits.h>')
        w.out('#include <linux/types.h>')
        w.out('#else')
        w.out('#include <linux/types.h>')
        w.out('#ifndef BIT')
        w.out('#define BIT(nr)\t\t\t(1UL << (nr))')
        w.out('#endif')
        w.out('#endif')
    else:
        w.out('#include <stdint.h>')
        w.out('#include <string.h>')
        w.out()
        w.out('/*')
        w.out(' * Float fields are stored as their IEEE-754 binary32 bits. Every')
        w.out(' * user-space header defines the helpers, once per translation unit.')
        w.out(' */')
        w.out('#ifndef EMBER_HW_F32_HELPERS')
        w.out('#define EMBER_HW_F32_HELPERS')
        w.out('static inline uint32_t ember_hw_f32_bits(float f)')
        w.out('{')
        w.out('\tuint32_t u;')
        w.out()
        w.out('\tmemcpy(&u, &f, sizeof(u));')
        w.out('\treturn u;')
        w.out('}')
        w.out()
        w.out('static inline float ember_hw_bits_f32(uint32_t u)')
        w.out('{')
        w.out('\tfloat f;')
        w.out()
        w.out('\tmemcpy(&f, &u, sizeof(f));')
        w.out('\treturn f;')
        w.out('}')
        w.out('#endif')
    w.out()
    for node in header:
        emit_item(w, node)
    w.out()
    w.out(f'#endif /* {guard} */')
    return '\n'.join(w.lines) + '\n'


def headers(xml_path):
    root = ET.parse(xml_path).getroot()
    return {h.get('file'): h for h in root.findall('header')}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--check', action='store_true',
                        help='compare DIR\'s copies with the description instead of writing')
    parser.add_argument('xml')
    parser.add_argument('dir')
    parser.add_argument('files', nargs='*')
    args = parser.parse_args()
    all_headers = headers(args.xml)
    stale = 0
    for name in args.files or all_headers:
        if name not in all_headers:
            raise Error(f'{args.xml} describes no header {name}')
        text = generate(all_headers[name])
        path = os.path.join(args.dir, name)
        if args.check:
            try:
                with open(path, encoding='utf-8') as f:
                    old = f.read()
            except FileNotFoundError:
                old = ''
            if old != text:
                stale += 1
                print(f'{path} is stale: it differs from what {args.xml} generates.',
                      file=sys.stderr)
                sys.stderr.writelines(difflib.unified_diff(
                    old.splitlines(True), text.splitlines(True), path, 'generated', n=1))
            continue
        tmp = path + '.tmp'
        with open(tmp, 'w', encoding='utf-8') as f:
            f.write(text)
        os.replace(tmp, path)
    if stale:
        print(f'Regenerate with: {REGEN_HINT}', file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    try:
        sys.exit(main())
    except (Error, ET.ParseError) as e:
        print(f'gen_ember_hw.py: {e}', file=sys.stderr)
        sys.exit(2)
