// What Swift's Glibc module does not expose, for the event loop's sources: signalfd(2).
#pragma once

#include <signal.h>
#include <sys/signalfd.h>
#include <unistd.h>

/// Blocks SIGTERM, SIGHUP, SIGINT, SIGQUIT and SIGWINCH and returns a non-blocking signalfd
/// that reports them (or -1). The previous mask is stored in *previous for restoring.
static inline int rterm_signalfd_open(sigset_t *previous) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGHUP);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGQUIT);
    sigaddset(&set, SIGWINCH);
    if (sigprocmask(SIG_BLOCK, &set, previous) != 0) return -1;
    return signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
}

/// Reads one pending signal number from a signalfd; 0 when none is pending.
static inline int rterm_signalfd_read(int fd) {
    struct signalfd_siginfo info;
    ssize_t n = read(fd, &info, sizeof info);
    return n == (ssize_t)sizeof info ? (int)info.ssi_signo : 0;
}

/// Restores the signal mask saved by rterm_signalfd_open.
static inline void rterm_signal_mask_restore(const sigset_t *previous) {
    sigprocmask(SIG_SETMASK, previous, NULL);
}

