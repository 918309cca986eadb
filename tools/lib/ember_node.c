// SPDX-License-Identifier: MIT
/* Finding the Ember GPU's render node by its driver name. */
#include "ember_node.h"

#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <xf86drm.h>

int ember_open_render_node(char *path, size_t len)
{
	int minor;

	for (minor = 128; minor < 192; minor++) {
		drmVersionPtr version;
		bool match;
		int fd;

		snprintf(path, len, "/dev/dri/renderD%d", minor);
		fd = open(path, O_RDWR | O_CLOEXEC);
		if (fd < 0)
			continue;
		version = drmGetVersion(fd);
		match = version && !strcmp(version->name, "ember");
		drmFreeVersion(version);
		if (match)
			return fd;
		close(fd);
	}
	return -1;
}
