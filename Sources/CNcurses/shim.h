// Wrappers for the ncurses macros that Swift cannot import. Named rterm_*.
#ifndef RTERM_CNCURSES_SHIM_H
#define RTERM_CNCURSES_SHIM_H
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <ncursesw/ncurses.h>
#include <wchar.h>
// X/Open's, declared by <wchar.h> only under _XOPEN_SOURCE (said here, never implied).
extern int wcwidth(wchar_t character);

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
/// For the remote-row writer (`RemoteRowWriter`), which draws the remote's rows itself:
/// ncurses must never write to a row it does not own. Without clr_eos it cannot clear "the
/// rest of the screen" below a row it changes (doupdate's ClrBottom would erase the writer's
/// rows, which ncurses believes blank); it clears line by line instead, only its own.
#include <ncursesw/term.h>
static inline void rterm_forget_clear_to_end_of_screen(void) { clr_eos = 0; }

/// Row y changes hands to ncurses: what ncurses believes is on it is thrown away, so the next
/// refresh writes every cell of it (the writer drew something else there).
static inline int rterm_redraw_row(int y) { return wredrawln(stdscr, y, 1); }

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
#include <termios.h>
/// newterm on standard output and input for `type` (NULL: $TERM); NULL when terminfo does
/// not know it.
static inline SCREEN *rterm_newterm_stdio(const char *type) { return newterm(type, stdout, stdin); }

/// Turns the kernel's output processing off on terminal `fd` for ncurses' program mode, as
/// tmux does: ncurses moves the cursor itself (ONLCR is already off), so the kernel has
/// nothing to translate, but with OPOST on it still reads every byte of every frame and hands
/// them to the terminal in pieces cut at each control character. The shell's mode (endwin, at
/// exit and on suspend) is the user's, untouched. Nothing happens when `fd` is no terminal.
static inline void rterm_output_unprocessed(int fd) {
    struct termios mode;
    if (tcgetattr(fd, &mode) != 0 || !(mode.c_oflag & OPOST)) return;
    mode.c_oflag &= ~(tcflag_t)OPOST;
    if (tcsetattr(fd, TCSADRAIN, &mode) == 0) def_prog_mode();
}

/// ncurses writes after every cursor move (a write of 20 to 40 bytes, a hundred a frame on a
/// scrolling log) until its screen has been left and taken back once: a new screen is in its
/// "initial" state, meant for low-level terminfo programs, and only endwin and the refresh
/// after it end that. Called once, before anything is drawn: a frame is then one write.
static inline void rterm_leave_initial_state(void) {
    endwin();
    doupdate();
}
static inline int rterm_colors(void) { return COLORS; }
static inline int rterm_lines(void) { return LINES; }
static inline int rterm_cols(void) { return COLS; }
static inline int rterm_color_pairs(void) { return COLOR_PAIRS; }
static inline void rterm_fflush(FILE *file) { fflush(file ? file : stdout); }
static inline void rterm_clear_on_next_refresh(void) { clearok(stdscr, TRUE); }

/// Draws `count` characters (each one cell or two) from (y, x) in one rendition:
/// attributes and an extended colour pair. They are copied into the window as complex
/// characters (mvadd_wchnstr), without waddnwstr's work per character; a character the C
/// library gives no width (which that copy would step back over) is drawn as U+FFFD.
/// Leaves the cursor where it was.
static inline int rterm_put_run(int y, int x, const wchar_t *text, int count, attr_t attrs, int pair) {
    if (count <= 0) return OK;
    cchar_t cells[count];
    attr_t rendition = (attrs & ~A_COLOR) | (attr_t)COLOR_PAIR(pair > 255 ? 255 : pair);
    for (int i = 0; i < count; i++) {
        wchar_t character = text[i];
        if (character >= 0x7F && wcwidth(character) < 1) character = 0xFFFD;
        cells[i] = (cchar_t){.attr = rendition, .chars = {character}, .ext_color = pair};
    }
    return mvadd_wchnstr(y, x, cells, count);
}

/// Clears row y from column x to its end (the blank tail of a row, in the default colours).
static inline int rterm_clear_to_end(int y, int x) {
    if (move(y, x) == ERR) return ERR;
    return clrtoeol();
}

/// Whether the next refresh scrolls the terminal for lines that moved (idlok on stdscr). On
/// only for a frame that scrolled (`rterm_scroll_rows`): with it on, every refresh also hashes
/// every changed line to look for moves of its own (ncurses' hashmap), which on a screen
/// repainted in place finds nothing and costs a tenth of a frame.
static inline void rterm_scroll_moved_lines(int scrolled) { idlok(stdscr, scrolled ? TRUE : FALSE); }

/// Moves the lines of stdscr's rows top..bottom (inclusive) up by `count` (down when
/// negative), as a scroll region would, leaving blank rows behind: with idlok on, the next
/// refresh scrolls the terminal (a scroll region and index/reverse index) instead of drawing
/// the rows again.
static inline int rterm_scroll_rows(int top, int bottom, int count) {
    scrollok(stdscr, TRUE);
    wsetscrreg(stdscr, top, bottom);
    int result = wscrl(stdscr, count);
    wsetscrreg(stdscr, 0, LINES - 1);
    scrollok(stdscr, FALSE);
    return result;
}

/// For the remote-row writer (`RemoteRowWriter`), which draws the remote's rows itself:
/// ncurses must never write to a row it does not own. Without clr_eos it cannot clear "the
/// rest of the screen" below a row it changes (doupdate's ClrBottom would erase the writer's
/// rows, which ncurses believes blank); it clears line by line instead, only its own.
#include <ncursesw/term.h>
static inline void rterm_forget_clear_to_end_of_screen(void) { clr_eos = 0; }

/// Row y changes hands to ncurses: what ncurses believes is on it is thrown away, so the next
/// refresh writes every cell of it (the writer drew something else there).
static inline int rterm_redraw_row(int y) { return wredrawln(stdscr, y, 1); }

#endif
