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


// A download's temporary file (LocalNewFile), removed when `rterm cp` is ended by a signal
// before the file is whole: the handler may only make async-signal-safe calls, so the name is
// kept here, in one of two buffers, the one in use switched with a single store (a signal
// between the copy and the switch sees the previous, complete name). Only one Swift file
// (LocalDirectory.swift) calls these, so its object holds the one copy of the statics.
#include <fcntl.h>
#include <string.h>

struct rterm_partial {
    volatile sig_atomic_t slot;
    int directory[2];
    char name[2][256];
};

/// The one record (a function's static: Swift emits the header's functions, not its
/// variables).
static inline struct rterm_partial *rterm_partial_record(void) {
    static struct rterm_partial record = {.slot = -1};
    return &record;
}

/// The temporary file `name` in the directory `directory` is being written.
static inline void rterm_partial_note(int directory, const char *name) {
    struct rterm_partial *record = rterm_partial_record();
    int next = record->slot == 0 ? 1 : 0;
    record->directory[next] = directory;
    strncpy(record->name[next], name, sizeof record->name[next] - 1);
    record->name[next][sizeof record->name[next] - 1] = 0;
    record->slot = next;
}

/// No temporary file is being written.
static inline void rterm_partial_forget(void) { rterm_partial_record()->slot = -1; }

static void rterm_partial_on_signal(int signal_number) {
    struct rterm_partial *record = rterm_partial_record();
    int slot = record->slot;
    if (slot >= 0) unlinkat(record->directory[slot], record->name[slot], 0);
    signal(signal_number, SIG_DFL);
    raise(signal_number);
}

/// SIGINT, SIGTERM, SIGHUP and SIGQUIT remove the temporary file, then end the process as
/// they would have.
static inline void rterm_partial_install_handlers(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = rterm_partial_on_signal;
    sigemptyset(&action.sa_mask);
    int signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) sigaction(signals[i], &action, NULL);
}
