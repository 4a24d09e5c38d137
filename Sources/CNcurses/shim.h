// Wrappers for the ncurses macros that Swift cannot import. Named rterm_*.
#ifndef RTERM_CNCURSES_SHIM_H
#define RTERM_CNCURSES_SHIM_H
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <ncursesw/ncurses.h>

static inline attr_t rterm_a_normal(void) { return A_NORMAL; }
static inline attr_t rterm_a_bold(void) { return A_BOLD; }
static inline attr_t rterm_a_dim(void) { return A_DIM; }
static inline attr_t rterm_a_italic(void) { return A_ITALIC; }
static inline attr_t rterm_a_underline(void) { return A_UNDERLINE; }
static inline attr_t rterm_a_reverse(void) { return A_REVERSE; }
static inline attr_t rterm_a_blink(void) { return A_BLINK; }
static inline attr_t rterm_a_invis(void) { return A_INVIS; }
static inline mmask_t rterm_all_mouse_events(void) { return ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION; }
static inline mmask_t rterm_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t rterm_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t rterm_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t rterm_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t rterm_button5_pressed(void) { return BUTTON5_PRESSED; }
static inline int rterm_key_f(int n) { return KEY_F(n); }
static inline int rterm_lines(void) { return LINES; }
static inline int rterm_cols(void) { return COLS; }
#endif

// ---- Signals as a file descriptor (the interactive front polls it with everything else) ----
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

/// Extended colour pair support: init_extended_pair when available, else init_pair.
static inline int rterm_init_pair(int pair, int fg, int bg) {
#if NCURSES_EXT_COLORS
    return init_extended_pair(pair, fg, bg);
#else
    return init_pair((short)pair, (short)fg, (short)bg);
#endif
}

/// Draws one cell: a base character with up to 15 combining characters, attributes and an
/// extended colour pair.
static inline int rterm_put_cell(int y, int x, const wchar_t *text, attr_t attrs, int pair) {
    cchar_t cell;
    if (setcchar(&cell, text, attrs, 0, &pair) != OK) return ERR;
    return mvadd_wch(y, x, &cell);
}

// ---- ncurses globals, read through functions (Swift 6 rejects the mutable C globals) ----
#include <stdio.h>
static inline int rterm_newterm_stdio(void) { return newterm(NULL, stdout, stdin) != NULL; }
/// newterm for an explicit terminal type (the fallback when $TERM is not in terminfo).
static inline int rterm_newterm_type(const char *type) { return newterm(type, stdout, stdin) != NULL; }
static inline int rterm_colors(void) { return COLORS; }
static inline int rterm_color_pairs(void) { return COLOR_PAIRS; }
static inline void rterm_fflush_stdout(void) { fflush(stdout); }
static inline void rterm_clear_on_next_refresh(void) { clearok(stdscr, TRUE); }

/// Draws `count` wide characters (each one cell or two) from (y, x) in one rendition:
/// attributes and an extended colour pair.
static inline int rterm_put_run(int y, int x, const wchar_t *text, int count, attr_t attrs, int pair) {
    attr_set(attrs, 0, &pair);
    int result = mvaddnwstr(y, x, text, count);
    attr_set(A_NORMAL, 0, NULL);
    return result;
}
