/* SPDX-License-Identifier: MIT */
#ifndef EMBER_TOP_H
#define EMBER_TOP_H

/* ember-info --top [--once] [--interval MS]: see ember_top.c. */
int ember_top_main(int argc, char **argv);

#endif
