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
