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
/// newterm on standard output and input for `type` (NULL: $TERM); NULL when terminfo does
/// not know it.
static inline SCREEN *rterm_newterm_stdio(const char *type) { return newterm(type, stdout, stdin); }
static inline int rterm_colors(void) { return COLORS; }
static inline int rterm_lines(void) { return LINES; }
static inline int rterm_cols(void) { return COLS; }
static inline int rterm_color_pairs(void) { return COLOR_PAIRS; }
static inline void rterm_fflush(FILE *file) { fflush(file ? file : stdout); }
static inline void rterm_clear_on_next_refresh(void) { clearok(stdscr, TRUE); }

/// Draws `count` wide characters (each one cell or two) from (y, x) in one rendition:
/// attributes and an extended colour pair.
static inline int rterm_put_run(int y, int x, const wchar_t *text, int count, attr_t attrs, int pair) {
    attr_set(attrs, 0, &pair);
    int result = mvaddnwstr(y, x, text, count);
    attr_set(A_NORMAL, 0, NULL);
    return result;
}

#endif
