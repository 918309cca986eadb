/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: ivshmem server
 *
 * ember-gpu is the server QEMU's ivshmem-doorbell device connects to
 * (QEMU docs/specs/ivshmem-spec.rst). This file owns the protocol and
 * nothing else: the listening unix socket, the connected client and the
 * client's eventfds. It knows nothing about registers or commands.
 *
 * Every message is one little-endian int64, optionally carrying one fd
 * (SCM_RIGHTS). A newly connected client is sent, in order:
 *
 *  1. the protocol version, 0;
 *  2. its own peer id;
 *  3. -1 with the shared-memory fd;
 *  4. for the local peer (the device itself, peer 0): 0 with the eventfd of
 *     each vector, in vector order. These are the doorbells: QEMU writes
 *     eventfd k when the guest writes Doorbell = (0 << 16) | k;
 *  5. its own id with each of its own eventfds, in vector order. The server
 *     writes client eventfd v to raise MSI-X vector v in the guest.
 *
 * Clients never send anything, so any byte from a client is a protocol
 * violation and EOF is a disconnect; either way the client is dropped and
 * its eventfds closed. The shared memory and the device's own eventfds are
 * not the server's: they outlive clients, so a reconnecting QEMU (with a new
 * peer id and new eventfds) finds the device exactly as it left it.
 *
 * One client at a time is served (QEMU; the device has no other peers to
 * introduce). A second concurrent client is refused by closing it, unless
 * the first has in fact gone and only its EOF is still unread.
 *
 * Locking: @client_lock protects the client's eventfd table against
 * ember_ivshmem_server_raise(), which may be called from any thread. The
 * rest of the server is only touched from the event loop's thread.
 */

#ifndef EMBER_FW_IVSHMEM_SERVER_H
#define EMBER_FW_IVSHMEM_SERVER_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "event_loop.h"

struct ember_ivshmem_client {
	/** @src: the client's socket, watched for EOF and stray bytes. */
	struct ember_event_source src;
	/** @connected: a client is being served; protected by client_lock. */
	bool connected;
	/** @peer_id: the id the client was given. */
	uint16_t peer_id;
	/** @vector_fds: the client's eventfds, one per vector; client_lock. */
	int *vector_fds;
};

struct ember_ivshmem_server {
	struct ember_event_loop *loop;
	/** @listen_src: the listening socket. */
	struct ember_event_source listen_src;
	/** @socket_path: where the socket was bound, unlinked by _fini(). */
	char *socket_path;
	/** @socket_dev, @socket_ino: identify our socket file at unlink time. */
	dev_t socket_dev;
	ino_t socket_ino;

	/** @shm_fd: the shared memory sent to clients; not owned. */
	int shm_fd;
	/** @num_vectors: eventfds per peer. */
	unsigned int num_vectors;
	/** @local_fds: the local peer's (peer 0's) eventfds; not owned. */
	const int *local_fds;
	/** @next_peer_id: id for the next client, never 0 (the device's). */
	uint16_t next_peer_id;

	pthread_mutex_t client_lock;
	struct ember_ivshmem_client client;
};

/*
 * Bind @socket_path and start accepting clients in @loop. A stale socket
 * left behind by a dead server is replaced; a live one gives -EADDRINUSE.
 */
int ember_ivshmem_server_init(struct ember_ivshmem_server *srv,
			      struct ember_event_loop *loop,
			      const char *socket_path, int shm_fd,
			      const int *local_fds, unsigned int num_vectors);

/* Drop the client, close the socket and unlink it. */
void ember_ivshmem_server_fini(struct ember_ivshmem_server *srv);

/*
 * Write the client's eventfd for @vector (raise MSI-X @vector in the guest).
 * Returns 0, -ENOTCONN when no client is connected, or -errno.
 * Safe to call from any thread.
 */
int ember_ivshmem_server_raise(struct ember_ivshmem_server *srv,
			       unsigned int vector);

#endif /* EMBER_FW_IVSHMEM_SERVER_H */
