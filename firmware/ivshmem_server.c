/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * The ivshmem server protocol (see ivshmem_server.h): the listening socket,
 * the handshake sent to a new client, client disconnects and the writes to
 * a client's eventfds that raise interrupts in the guest.
 */

#include "ivshmem_server.h"

#include <endian.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "log.h"

#define IVSHMEM_PROTOCOL_VERSION	0
/* The message that carries the shared-memory fd. */
#define IVSHMEM_SHM_MSG			(-1)
/* The device itself is peer 0; clients get 1..IVSHMEM_MAX_PEER_ID. */
#define IVSHMEM_LOCAL_PEER_ID		0
/* The guest's Doorbell register holds the peer id in 16 bits. */
#define IVSHMEM_MAX_PEER_ID		0xffff

/* Only QEMU connects; a short backlog is plenty. */
#define IVSHMEM_LISTEN_BACKLOG		4

static int send_msg(int sock, int64_t value, int fd)
{
	int64_t le_value = (int64_t)htole64((uint64_t)value);
	union {
		char buf[CMSG_SPACE(sizeof(int))];
		struct cmsghdr align;
	} control;
	struct iovec iov = {
		.iov_base = &le_value,
		.iov_len = sizeof(le_value),
	};
	struct msghdr msg = {
		.msg_iov = &iov,
		.msg_iovlen = 1,
	};
	ssize_t ret;

	if (fd >= 0) {
		struct cmsghdr *cmsg;

		memset(&control, 0, sizeof(control));
		msg.msg_control = control.buf;
		msg.msg_controllen = sizeof(control.buf);
		cmsg = CMSG_FIRSTHDR(&msg);
		cmsg->cmsg_level = SOL_SOCKET;
		cmsg->cmsg_type = SCM_RIGHTS;
		cmsg->cmsg_len = CMSG_LEN(sizeof(int));
		memcpy(CMSG_DATA(cmsg), &fd, sizeof(int));
	}

	/*
	 * The handshake is a few hundred bytes into a fresh socket buffer, so
	 * a short write or EAGAIN means a client that is not reading: drop it
	 * rather than block the device. MSG_NOSIGNAL: a client that already
	 * closed must not kill us with SIGPIPE.
	 */
	do {
		ret = sendmsg(sock, &msg, MSG_NOSIGNAL);
	} while (ret < 0 && errno == EINTR);
	if (ret < 0)
		return -errno;
	if ((size_t)ret != sizeof(le_value))
		return -EIO;
	return 0;
}

static int send_handshake(struct ember_ivshmem_server *srv, int sock,
			  uint16_t peer_id, const int *vector_fds)
{
	int ret;

	ret = send_msg(sock, IVSHMEM_PROTOCOL_VERSION, -1);
	if (!ret)
		ret = send_msg(sock, peer_id, -1);
	if (!ret)
		ret = send_msg(sock, IVSHMEM_SHM_MSG, srv->shm_fd);
	for (unsigned int v = 0; !ret && v < srv->num_vectors; v++)
		ret = send_msg(sock, IVSHMEM_LOCAL_PEER_ID, srv->local_fds[v]);
	for (unsigned int v = 0; !ret && v < srv->num_vectors; v++)
		ret = send_msg(sock, peer_id, vector_fds[v]);
	return ret;
}

static void close_fds(int *fds, unsigned int count)
{
	for (unsigned int i = 0; i < count; i++) {
		if (fds[i] >= 0)
			close(fds[i]);
		fds[i] = -1;
	}
}

static void drop_client(struct ember_ivshmem_server *srv, const char *reason)
{
	struct ember_ivshmem_client *client = &srv->client;

	ember_info("client_disconnected peer=%u reason=%s",
		   client->peer_id, reason);

	ember_event_loop_remove(srv->loop, &client->src);

	pthread_mutex_lock(&srv->client_lock);
	close_fds(client->vector_fds, srv->num_vectors);
	client->connected = false;
	pthread_mutex_unlock(&srv->client_lock);

	close(client->src.fd);
	client->src.fd = -1;
}

/*
 * Find out from the socket itself whether the client is still there: returns
 * NULL if it is, else why it must be dropped. MSG_PEEK leaves a stray byte in
 * place for the next look, which drops the client anyway.
 */
static const char *client_gone_reason(struct ember_ivshmem_client *client)
{
	char byte;
	ssize_t n;

	do {
		n = recv(client->src.fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
	} while (n < 0 && errno == EINTR);

	if (n == 0)
		return "eof";
	if (n > 0)
		return "protocol_violation";
	if (errno == EAGAIN || errno == EWOULDBLOCK)
		return NULL;
	return "socket_error";
}

static void handle_client(struct ember_event_source *src)
{
	struct ember_ivshmem_client *client =
		container_of(src, struct ember_ivshmem_client, src);
	struct ember_ivshmem_server *srv =
		container_of(client, struct ember_ivshmem_server, client);
	const char *reason;

	if (!client->connected)
		return;
	reason = client_gone_reason(client);
	if (reason)
		drop_client(srv, reason);
}

static uint16_t alloc_peer_id(struct ember_ivshmem_server *srv)
{
	uint16_t id = srv->next_peer_id;

	srv->next_peer_id = id == IVSHMEM_MAX_PEER_ID ? 1 : id + 1;
	return id;
}

static void accept_client(struct ember_ivshmem_server *srv, int sock)
{
	struct ember_ivshmem_client *client = &srv->client;
	int *vector_fds = client->vector_fds;
	uint16_t peer_id;
	int ret;

	for (unsigned int v = 0; v < srv->num_vectors; v++) {
		vector_fds[v] = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
		if (vector_fds[v] < 0) {
			ret = -errno;
			ember_error("client_refused reason=eventfd err=\"%s\"",
				    strerror(-ret));
			goto err_close_fds;
		}
	}

	peer_id = alloc_peer_id(srv);
	ret = send_handshake(srv, sock, peer_id, vector_fds);
	if (ret) {
		ember_warn("client_refused peer=%u reason=handshake err=\"%s\"",
			   peer_id, strerror(-ret));
		goto err_close_fds;
	}

	client->src.fd = sock;
	client->peer_id = peer_id;
	ret = ember_event_loop_add(srv->loop, &client->src);
	if (ret) {
		ember_error("client_refused peer=%u reason=epoll err=\"%s\"",
			    peer_id, strerror(-ret));
		client->src.fd = -1;
		goto err_close_fds;
	}

	pthread_mutex_lock(&srv->client_lock);
	client->connected = true;
	pthread_mutex_unlock(&srv->client_lock);

	ember_info("client_connected peer=%u vectors=%u",
		   peer_id, srv->num_vectors);
	return;

err_close_fds:
	close_fds(vector_fds, srv->num_vectors);
	close(sock);
}

static void handle_listen(struct ember_event_source *src)
{
	struct ember_ivshmem_server *srv =
		container_of(src, struct ember_ivshmem_server, listen_src);
	struct ember_ivshmem_client *client = &srv->client;
	int sock;

	sock = accept4(src->fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
	if (sock < 0) {
		/* EAGAIN: the connection was already withdrawn. */
		if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
			ember_warn("accept_failed err=\"%s\"", strerror(errno));
		return;
	}

	/*
	 * A QEMU that quit and a new one that connected can arrive in the same
	 * epoll batch: settle the old client first so the new one is served.
	 */
	if (client->connected) {
		const char *reason = client_gone_reason(client);

		if (reason)
			drop_client(srv, reason);
	}
	if (client->connected) {
		ember_warn("client_refused reason=busy serving_peer=%u",
			   client->peer_id);
		close(sock);
		return;
	}

	accept_client(srv, sock);
}

/*
 * EADDRINUSE from bind() does not say whether a server is alive behind the
 * path. A socket nobody listens on refuses connections: it is the leftover of
 * a server that died and can be replaced. A live server (which will see our
 * probe as a client that connects and leaves) or a non-socket file is kept.
 */
static int check_stale_socket(const char *path, const struct sockaddr_un *addr)
{
	struct stat st;
	int probe, ret;

	if (lstat(path, &st) < 0)
		return errno == ENOENT ? 0 : -errno;
	if (!S_ISSOCK(st.st_mode))
		return -EEXIST;

	probe = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (probe < 0)
		return -errno;
	ret = connect(probe, (const struct sockaddr *)addr, sizeof(*addr));
	ret = ret < 0 && errno == ECONNREFUSED ? 0 : -EADDRINUSE;
	close(probe);
	if (ret)
		return ret;

	ember_warn("stale_socket_removed path=\"%s\"", path);
	if (unlink(path) < 0 && errno != ENOENT)
		return -errno;
	return 0;
}

static int bind_socket(struct ember_ivshmem_server *srv, const char *path)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	struct stat st;
	int fd, ret;

	if (strlen(path) >= sizeof(addr.sun_path))
		return -ENAMETOOLONG;
	strcpy(addr.sun_path, path);

	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;

	ret = bind(fd, (struct sockaddr *)&addr, sizeof(addr));
	if (ret < 0 && errno == EADDRINUSE) {
		ret = check_stale_socket(path, &addr);
		if (ret)
			goto err_close;
		ret = bind(fd, (struct sockaddr *)&addr, sizeof(addr));
	}
	if (ret < 0) {
		ret = -errno;
		goto err_close;
	}

	if (listen(fd, IVSHMEM_LISTEN_BACKLOG) < 0 || stat(path, &st) < 0) {
		ret = -errno;
		goto err_unlink;
	}
	srv->socket_dev = st.st_dev;
	srv->socket_ino = st.st_ino;
	srv->listen_src.fd = fd;
	return 0;

err_unlink:
	unlink(path);
err_close:
	close(fd);
	return ret;
}

/* Unlink the socket only if it is still ours, not a successor's. */
static void unlink_socket(struct ember_ivshmem_server *srv)
{
	struct stat st;

	if (lstat(srv->socket_path, &st) == 0 &&
	    st.st_dev == srv->socket_dev && st.st_ino == srv->socket_ino)
		unlink(srv->socket_path);
}

int ember_ivshmem_server_init(struct ember_ivshmem_server *srv,
			      struct ember_event_loop *loop,
			      const char *socket_path, int shm_fd,
			      const int *local_fds, unsigned int num_vectors)
{
	int ret;

	*srv = (struct ember_ivshmem_server) {
		.loop = loop,
		.listen_src = { .fd = -1, .handle = handle_listen },
		.shm_fd = shm_fd,
		.num_vectors = num_vectors,
		.local_fds = local_fds,
		.next_peer_id = 1,
		.client = { .src = { .fd = -1, .handle = handle_client } },
	};

	srv->socket_path = strdup(socket_path);
	srv->client.vector_fds = malloc(num_vectors * sizeof(int));
	if (!srv->socket_path || !srv->client.vector_fds) {
		ret = -ENOMEM;
		goto err_free;
	}
	for (unsigned int v = 0; v < num_vectors; v++)
		srv->client.vector_fds[v] = -1;

	ret = pthread_mutex_init(&srv->client_lock, NULL);
	if (ret) {
		ret = -ret;
		goto err_free;
	}

	ret = bind_socket(srv, socket_path);
	if (ret)
		goto err_destroy_lock;

	ret = ember_event_loop_add(loop, &srv->listen_src);
	if (ret)
		goto err_close_socket;

	ember_info("listening socket=\"%s\"", socket_path);
	return 0;

err_close_socket:
	close(srv->listen_src.fd);
	unlink_socket(srv);
err_destroy_lock:
	pthread_mutex_destroy(&srv->client_lock);
err_free:
	free(srv->client.vector_fds);
	free(srv->socket_path);
	return ret;
}

void ember_ivshmem_server_fini(struct ember_ivshmem_server *srv)
{
	if (srv->client.connected)
		drop_client(srv, "shutdown");

	ember_event_loop_remove(srv->loop, &srv->listen_src);
	close(srv->listen_src.fd);
	unlink_socket(srv);

	pthread_mutex_destroy(&srv->client_lock);
	free(srv->client.vector_fds);
	free(srv->socket_path);
}

int ember_ivshmem_server_raise(struct ember_ivshmem_server *srv,
			       unsigned int vector)
{
	const uint64_t one = 1;
	int ret = 0;

	if (vector >= srv->num_vectors)
		return -EINVAL;

	pthread_mutex_lock(&srv->client_lock);
	if (!srv->client.connected) {
		ret = -ENOTCONN;
	} else if (write(srv->client.vector_fds[vector], &one, sizeof(one)) < 0) {
		/*
		 * EAGAIN: the counter is saturated, so QEMU has an interrupt
		 * pending on this vector already; nothing is lost.
		 */
		if (errno != EAGAIN)
			ret = -errno;
	}
	pthread_mutex_unlock(&srv->client_lock);
	return ret;
}
