// Wrappers for the libssh2 function-like macros that Swift cannot import.
// Every wrapper is named rterm_* so it is easy to find.
#ifndef RTERM_CSSH2_SHIM_H
#define RTERM_CSSH2_SHIM_H
#include <libssh2.h>
#include <libssh2_sftp.h>
#include <string.h>

/// LIBSSH2_CHANNEL_WINDOW_DEFAULT is a parenthesised expression Swift does not import.
static inline unsigned int rterm_libssh2_window_default(void) { return LIBSSH2_CHANNEL_WINDOW_DEFAULT; }
static inline unsigned int rterm_libssh2_packet_default(void) { return LIBSSH2_CHANNEL_PACKET_DEFAULT; }
/// The version number this binary was compiled against (RSA SHA-2 signing needs >= 0x010b00).
static inline long rterm_libssh2_version_num(void) { return LIBSSH2_VERSION_NUM; }

static inline LIBSSH2_SESSION *rterm_libssh2_session_init(void *abstract) {
    return libssh2_session_init_ex(NULL, NULL, NULL, abstract);
}
static inline LIBSSH2_CHANNEL *rterm_libssh2_channel_open_session(LIBSSH2_SESSION *s) {
    return libssh2_channel_open_ex(s, "session", sizeof("session") - 1,
                                   LIBSSH2_CHANNEL_WINDOW_DEFAULT, LIBSSH2_CHANNEL_PACKET_DEFAULT, NULL, 0);
}

// ---- The few POSIX calls the library needs that Swift's Glibc module does not import ----
// posix_openpt, grantpt, unlockpt and ptsname_r sit behind _XOPEN_SOURCE/_GNU_SOURCE in
// <stdlib.h>, which this module's build does not define: declared here as glibc defines them.
// They live in this shim because it is the library's only C module.
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
extern int posix_openpt(int flags);
extern int grantpt(int fd);
extern int unlockpt(int fd);
extern int ptsname_r(int fd, char *buffer, size_t length);

/// Opens a new pseudo-terminal master, close-on-exec from the start, unlocked, and writes its
/// slave's path into `name` (thread-safe, unlike ptsname). Returns the master, or -1 (errno).
static inline int rterm_open_pty_master(char *name, size_t length) {
    int master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (master < 0) return -1;
    if (grantpt(master) != 0 || unlockpt(master) != 0 || ptsname_r(master, name, length) != 0) {
        int error = errno;
        close(master);
        errno = error;
        return -1;
    }
    return master;
}

#include <sys/ioctl.h>
#include <termios.h>
/// What the kernel's line discipline does when it reads a signal character, done at once from
/// the master, however much input waits before it: the input not yet read flushed (what was
/// written and not taken, and the slave's own queue, reached through TIOCGPTPEER), then
/// `signal_number` (SIGINT, SIGQUIT or SIGTSTP) sent to the slave's foreground process group
/// (TIOCSIG). 0, or -1 with errno.
static inline int rterm_pty_signal(int master, int signal_number, int flush) {
    if (flush) {
        tcflush(master, TCOFLUSH);
        int peer = ioctl(master, TIOCGPTPEER, O_RDWR | O_NOCTTY | O_CLOEXEC | O_NONBLOCK);
        if (peer >= 0) {
            tcflush(peer, TCIFLUSH);
            close(peer);
        }
    }
    return ioctl(master, TIOCSIG, signal_number);
}

#include <sys/syscall.h>
/// pidfd_open(2), which glibc 2.36 declares nowhere Swift sees: a descriptor that polls
/// readable once the process has exited (-1 with errno on failure).
static inline int rterm_pidfd_open(int pid) { return (int)syscall(SYS_pidfd_open, pid, 0); }

#include <spawn.h>
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
/// posix_spawn_file_actions_addclosefrom_np (glibc 2.34, behind _GNU_SOURCE): the child
/// closes every descriptor from `lowest` up before it runs, as OpenSSH and tmux close what
/// they inherited, so no descriptor rterm was given (a pipe a parent watches for its end)
/// lives on in a daemon the child starts.
static inline int rterm_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}

#include <sys/socket.h>
extern int accept4(int fd, struct sockaddr *address, socklen_t *length, int flags);
/// accept4 (behind _GNU_SOURCE): the new socket non-blocking and close-on-exec from the
/// start, so no child started meanwhile inherits it.
static inline int rterm_accept_nonblocking(int fd, struct sockaddr *address, socklen_t *length) {
    return accept4(fd, address, length, SOCK_NONBLOCK | SOCK_CLOEXEC);
}
#endif
