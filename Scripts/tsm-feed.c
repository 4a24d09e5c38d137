/* The benchmark's same-run reference (issue 16): libtsm (Debian's libtsm-dev) fed a file
 * the way `rterm render` is, as a whole process: a screen of ROWS x COLUMNS with a
 * 10,000-line scrollback (rterm's default), the file read 64 KiB at a time into
 * tsm_vte_input, answers to queries dropped. Built by Scripts/bench-engine, never shipped.
 *
 *   tsm-feed ROWS COLUMNS FILE
 */
#include <libtsm.h>
#include <stdio.h>
#include <stdlib.h>

static void drop_answer(struct tsm_vte *vte, const char *u8, size_t len, void *data) {
    (void)vte; (void)u8; (void)len; (void)data;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: tsm-feed ROWS COLUMNS FILE\n");
        return 2;
    }
    unsigned rows = (unsigned)atoi(argv[1]), columns = (unsigned)atoi(argv[2]);
    struct tsm_screen *screen;
    struct tsm_vte *vte;
    if (tsm_screen_new(&screen, NULL, NULL) < 0 || tsm_screen_resize(screen, columns, rows) < 0) return 1;
    tsm_screen_set_max_sb(screen, 10000);
    if (tsm_vte_new(&vte, screen, drop_answer, NULL, NULL, NULL) < 0) return 1;
    FILE *file = fopen(argv[3], "rb");
    if (!file) { perror(argv[3]); return 1; }
    static char buffer[1 << 16];
    size_t count;
    while ((count = fread(buffer, 1, sizeof buffer, file)) > 0) tsm_vte_input(vte, buffer, count);
    fclose(file);
    tsm_vte_unref(vte);
    tsm_screen_unref(screen);
    return 0;
}
